public import Foundation
public import RosterBackend

/// The change log read action by action, for followers that report each change.
extension PostgresStore {
  /// The list's change log after sequence number `since`, one action per row, whoever wrote
  /// it; see ``RosterBackend/RosterStorage/loggedChanges(in:since:)``.
  /// - Throws: ``RosterBackend/StoreError/reloadRequired`` when the log was pruned past
  ///   `since` or holds a bulk import (a row without edits).
  /// - Complexity: O(k) for k logged actions.
  public func loggedChanges(in list: UUID, since: Int64) throws(StoreError) -> [LoggedChange] {
    try read { () throws(StoreError) in
      let stored = try stored(list)
      guard since >= stored.pruned else { throw .reloadRequired }
      let result = try run(
        "SELECT seq, edits FROM changes WHERE list = $1 AND seq > $2 ORDER BY seq",
        [stored.key, String(since)])
      var actions: [LoggedChange] = []
      for row in 0..<result.count {
        guard let text = result.text(row, 1) else { throw .reloadRequired }
        actions.append(LoggedChange(position: result.integer(row, 0), edits: try decode(text)))
      }
      return actions
    }
  }
}
