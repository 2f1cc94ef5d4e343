public import RosterBackend
public import RosterKit
public import RosterTransfer

/// The rows of an ``ImportPlan`` going into a list in memory, as one ``EntryBatch``: each row
/// is checked by the list's rule as the store's import batch checks it (the same errors, so the
/// same messages as `roster import`), and ``commit()`` appends them all as one undoable action.
/// The window's recorder then stores that action like any other.
@MainActor
public final class ListImportDestination: @MainActor ImportDestination {
  private var batch: EntryBatch
  /// Whether the rows were appended.
  public private(set) var isCommitted = false

  /// A destination appending to `list`.
  public init(list: RosterList) {
    batch = EntryBatch(list: list)
  }

  /// The rows added so far.
  public var count: Int { batch.entries.count }

  /// Checks and adds one row.
  /// - Complexity: O(log n).
  public func add(_ row: ImportRow) throws(StoreError) {
    try batch.append(
      row.text, category: row.category, id: row.id, created: row.created, updated: row.updated)
  }

  /// Adds a category, or sets the colour of the one with its name.
  public func addCategory(_ category: EntryCategory) throws(StoreError) {
    try batch.addCategory(category)
  }

  /// Appends every row added as one action.
  public func commit() throws(StoreError) {
    batch.commit()
    isCommitted = true
  }

  /// Forgets every row added.
  public func cancel() {
    batch = EntryBatch(list: batch.list)
  }

  /// Every error of a list in memory refuses only its row: there is no database to fail.
  public nonisolated static func refusesOnlyTheRow(_ error: StoreError) -> Bool { true }
}
