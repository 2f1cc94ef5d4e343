package import Foundation
package import RosterKit

/// Reading the change log back, for other connections that follow a list, the same on every
/// engine. ``SQLStorage``'s public `changes(in:since:)` and `loggedChanges(in:since:)` call these.
extension EntryHistoryStore {
  /// Edits that bring a list loaded at change-log position `since` up to date with what other
  /// connections wrote (by ``EntryRowStore/converging(_:in:)``), and the position to ask from next time.
  /// - Throws: ``StoreError/reloadRequired`` when the log no longer covers `since` (it was
  ///   pruned, or another writer logged an action too large to log).
  /// - Complexity: O(k log n) for k logged edits.
  package func performChanges(in list: UUID, since: Int64) throws(StoreError) -> (
    edits: [ListEdit], position: Int64
  ) {
    try read { () throws(StoreError) in
      let stored = try listForReading(list)
      var rows: [(own: Bool, edits: [ListEdit])] = []
      var position = since
      let me = UUIDText.string(writerID)
      for row in try loggedRows(after: since, in: stored) {
        position = row.position
        let own = row.writer == me
        guard let edits = row.edits else {
          if own { continue }
          throw .reloadRequired
        }
        rows.append((own, try decode(edits)))
      }
      return (try converging(rows, in: stored), position)
    }
  }

  /// The list's change log after position `since`, one action per row, whoever wrote it.
  /// - Throws: ``StoreError/reloadRequired`` when the log was pruned past `since` or holds an
  ///   action too large to log (a row without edits).
  /// - Complexity: O(k) for k logged actions.
  package func performLoggedChanges(in list: UUID, since: Int64) throws(StoreError)
    -> [LoggedChange]
  {
    try read { () throws(StoreError) in
      var result: [LoggedChange] = []
      for row in try loggedRows(after: since, in: try listForReading(list)) {
        guard let edits = row.edits else { throw .reloadRequired }
        result.append(LoggedChange(position: row.position, edits: try decode(edits)))
      }
      return result
    }
  }
}
