public import RosterBackend
public import RosterStore
public import RosterTransfer

/// A store's import batch takes the rows of an ``ImportPlan``.
extension ImportBatch: ImportDestination {
  /// Validates and adds one row with the list's rule.
  /// - Complexity: O(log n).
  public func add(_ row: ImportRow) throws(StoreError) {
    try add(
      text: row.text, category: row.category, id: row.id, created: row.created,
      updated: row.updated)
  }

  /// Whether `error` refuses one row: not when the database itself failed, is locked, is
  /// newer than this program or has lost the list.
  public static func refusesOnlyTheRow(_ error: StoreError) -> Bool {
    switch error {
    case .database, .busy, .newerSchema, .listNotFound: false
    default: true
    }
  }
}
