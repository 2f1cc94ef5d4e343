import RosterBackend
import RosterKit
import RosterTransfer

/// The rows of an ``ImportPlan`` going into a store's import batch: each is validated with the
/// list's rule and added in the batch's one transaction.
struct StoreImportDestination: ImportDestination {
  let batch: any ImportSession

  /// Validates and adds one row.
  /// - Complexity: O(log n).
  func add(_ row: ImportRow) throws(StoreError) {
    try batch.add(
      text: row.text, category: row.category, id: row.id, created: row.created,
      updated: row.updated)
  }

  /// Adds a category, or sets the colour of the one with its name.
  func addCategory(_ category: EntryCategory) throws(StoreError) {
    try batch.addCategory(category)
  }

  /// Stores everything added, in one transaction.
  func commit() throws(StoreError) { try batch.commit() }

  /// Discards everything added.
  func cancel() { batch.cancel() }

  /// Whether `error` refuses one row: not when the database itself failed, is locked, is
  /// newer than this program or has lost the list.
  static func refusesOnlyTheRow(_ error: StoreError) -> Bool {
    switch error {
    case .database, .busy, .newerSchema, .listNotFound: false
    default: true
    }
  }
}
