public import Foundation
public import RosterBackend

/// The sidebar's rows, one per list: what changed since they were last shown, so that a
/// change of counts only relabels them while anything else rebuilds them.
public struct SidebarRows: Equatable, Sendable {
  /// What the sidebar must do to show new lists.
  public enum Update: Equatable, Sendable {
    /// Relabel the counts of the rows at these positions (maybe none).
    case counts([Int])
    /// Make the rows again, selecting the one at this position (if the current list is there).
    case rebuild(selected: Int?)
  }

  /// The lists shown, in order.
  public private(set) var shown: [ListSummary] = []
  /// The list selected when the rows were last made.
  public private(set) var selected: UUID?

  /// No rows yet.
  public init() {}

  /// Shows `lists` with `current` selected, and says what to do to the rows.
  /// - Complexity: O(n) for n lists.
  public mutating func show(_ lists: [ListSummary], current: UUID) -> Update {
    defer { shown = lists }
    if lists.map(\.id) == shown.map(\.id), lists.map(\.title) == shown.map(\.title),
      current == selected
    {
      return .counts(lists.indices.filter { lists[$0].count != shown[$0].count })
    }
    selected = current
    return .rebuild(selected: lists.firstIndex { $0.id == current })
  }

  /// The list of the row at `index`, if there is one.
  public func id(at index: Int) -> UUID? {
    shown.indices.contains(index) ? shown[index].id : nil
  }
}
