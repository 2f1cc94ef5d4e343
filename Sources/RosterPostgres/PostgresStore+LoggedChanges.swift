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
    try performLoggedChanges(in: list, since: since)
  }
}
