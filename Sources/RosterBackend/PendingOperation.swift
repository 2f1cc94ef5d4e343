public import Foundation
public import RosterKit

/// One action an app made while it could not send it: the change, its list, and the operation
/// id made when it happened, under which a store records it exactly once
/// (``RosterStorage/record(_:in:operation:)``).
public struct PendingOperation: Equatable, Sendable {
  /// The operation id, made by the client when the action happened.
  public let id: UUID
  /// The list the action changed.
  public let list: UUID
  /// The action.
  public let change: ListChange

  /// A pending action.
  public init(id: UUID, list: UUID, change: ListChange) {
    self.id = id
    self.list = list
    self.change = change
  }

  /// The text of the first entry the action touches, to name it to a person; `nil` for an
  /// action on the list itself (its title, categories, order).
  public var entryText: String? {
    for edit in change.edits {
      switch edit {
      case .insert(let entry, _, _), .remove(let entry, _, _): return entry.text
      case .update(_, let new): return new.text
      case .categories, .title, .keepSorted: continue
      }
    }
    return nil
  }
}
