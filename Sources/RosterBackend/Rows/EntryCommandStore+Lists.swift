package import Foundation
package import RosterKit

/// Creating, renaming and loading lists, the same on every engine; ``SQLStorage``'s public
/// `createList`, `renameList` and `snapshot(of:)` call these.
extension EntryCommandStore {
  /// Creates an empty list, its title normalized by ``RosterKit/RosterList/normalizedTitle(_:)``.
  /// - Parameters:
  ///   - title: The title, normalized first.
  ///   - rule: The rule the list's texts must pass.
  ///   - team: The team role the list belongs to, or `nil` for the user alone; an engine
  ///     without teams is never passed one.
  /// - Returns: The new list's summary.
  /// - Throws: ``StoreError/listExists(_:)``, a RosterKit refusal of the title, or the
  ///   engine's refusal of the team.
  /// - Complexity: O(log l) in the number of lists.
  package func performCreateList(title: String, rule: Rule, team: String?) throws(StoreError)
    -> ListSummary
  {
    let title = try StoreError.wrapping { () throws(RosterError) in
      try RosterList.normalizedTitle(title)
    }
    let id = makeID()
    return try write { () throws(StoreError) in
      do throws(StoreError) {
        try insertList(id: id, title: title, rule: rule, created: now(), team: team)
      } catch .constraint {
        throw .listExists(title)
      }
      return ListSummary(id: id, title: title, rule: rule, count: 0)
    }
  }

  /// Renames a list, as one undoable action (by ``RosterKit/RosterList/retitling(_:to:)``).
  /// - Throws: ``StoreError/listExists(_:)``, ``StoreError/listNotFound(_:)``, or a refusal of
  ///   the title.
  package func performRenameList(_ id: UUID, to title: String) throws(StoreError) {
    try write { () throws(StoreError) in
      let list = try listForWriting(id)
      let edits = try StoreError.wrapping { () throws(RosterError) in
        try RosterList.retitling(list.title, to: title)
      }
      _ = try act(edits, in: list)
    }
  }

  /// Loads a list with all its entries, ready to edit, and the change-log position it
  /// reflects, read as one snapshot.
  /// - Complexity: O(n).
  package func performSnapshot(of id: UUID) throws(StoreError) -> (
    list: RosterList, position: Int64
  ) {
    try read { () throws(StoreError) in
      let list = try listForReading(id)
      let roster = RosterList(
        id: list.id, title: list.title, rule: list.rule, categories: try categories(of: list),
        entries: try allEntries(of: list), keepSorted: list.keepSorted, makeID: makeID, now: now)
      return (roster, try logPosition(of: list))
    }
  }

  /// The list's categories, in order, without loading its entries.
  package func performCategories(in id: UUID) throws(StoreError) -> [EntryCategory] {
    try read { () throws(StoreError) in try categories(of: try listForReading(id)) }
  }
}
