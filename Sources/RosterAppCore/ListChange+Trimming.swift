public import Foundation
public import RosterKit

extension ListChange {
  /// The smallest splice with the effect of `cover` (this change's covering splice): rows that
  /// hold the same entry before and after at its start and end are left out, so their widgets
  /// stay bound. A store that replays entries as a remove and an insert at the same place then
  /// changes nothing a list view must redraw (`nil`).
  ///
  /// - Parameters:
  ///   - cover: The change's covering splice.
  ///   - after: The ids now at `cover.offset ..< cover.offset + cover.inserted`.
  /// - Returns: The trimmed splice, or `nil` when no row moved, appeared or disappeared.
  /// - Complexity: O(k · w) for k edits over a window of w rows.
  public func trimmed(_ cover: Splice, after: [UUID]) -> Splice? {
    guard after.count == cover.inserted, let before = windowBefore(cover, after: after) else {
      return cover
    }
    var prefix = 0
    while prefix < before.count, prefix < after.count, before[prefix] == after[prefix] {
      prefix += 1
    }
    var suffix = 0
    while suffix < before.count - prefix, suffix < after.count - prefix,
      before[before.count - 1 - suffix] == after[after.count - 1 - suffix]
    {
      suffix += 1
    }
    let removed = before.count - prefix - suffix
    let inserted = after.count - prefix - suffix
    if removed == 0, inserted == 0 { return nil }
    return Splice(offset: cover.offset + prefix, removed: removed, inserted: inserted)
  }

  /// The ids the window held before this change, found by undoing its edits on `after`.
  private func windowBefore(_ cover: Splice, after: [UUID]) -> [UUID]? {
    var window = after
    for edit in edits.reversed() {
      switch edit {
      case .insert(_, let offset, _):
        let index = offset - cover.offset
        guard window.indices.contains(index) else { return nil }
        window.remove(at: index)
      case .remove(let entry, let offset, _):
        let index = offset - cover.offset
        guard index >= 0, index <= window.count else { return nil }
        window.insert(entry.id, at: index)
      case .update, .categories, .title, .keepSorted:
        continue
      }
    }
    return window.count == cover.removed ? window : nil
  }
}
