public import RosterKit

/// One action from a list's change log, as ``RosterStorage/loggedChanges(in:since:)`` reads it:
/// its position and its edits as the store applied them (anchors as the store has them).
///
/// Replayed in position order with ``RosterKit/RosterList/apply(_:)`` on a list that was in step
/// at the first one's predecessor, they leave it equal to the stored list, action by action;
/// a follower that reports each change (`roster watch`) reads them rather than the merged
/// ``RosterStorage/changes(in:since:)``.
public struct LoggedChange: Hashable, Sendable {
  /// The change-log position of the action: increasing in commit order within a list.
  public var position: Int64
  /// The action's edits, in order.
  public var edits: [ListEdit]

  /// A logged action.
  public init(position: Int64, edits: [ListEdit]) {
    self.position = position
    self.edits = edits
  }
}
