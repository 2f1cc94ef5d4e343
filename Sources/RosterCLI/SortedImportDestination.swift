import Foundation
import RosterBackend
import RosterCollation
import RosterKit
import RosterTransfer

/// The rows of an ``ImportPlan`` going into a list kept sorted. The store's import batch checks
/// each row (the same rules and messages as any import) but keeps nothing; ``commit()`` puts the
/// checked entries into the loaded list, each at its sorted place, and records that as one
/// action: one `roster undo` takes the whole import back.
final class SortedImportDestination: ImportDestination {
  private let batch: any ImportSession
  private let store: any CommandStorage
  private let list: UUID
  private var entries: [Entry] = []
  private var categories: [EntryCategory] = []

  /// A destination checking rows with `batch` and placing them in `list` of `store`.
  init(batch: any ImportSession, store: any CommandStorage, list: UUID) {
    self.batch = batch
    self.store = store
    self.list = list
  }

  /// Checks one row and keeps the entry it makes.
  /// - Complexity: O(log n).
  func add(_ row: ImportRow) throws(StoreError) {
    entries.append(
      try batch.add(
        text: row.text, category: row.category, id: row.id, created: row.created,
        updated: row.updated))
  }

  /// Checks a category and keeps it, with its colour.
  func addCategory(_ category: EntryCategory) throws(StoreError) {
    try batch.addCategory(category)
    categories.append(category)
  }

  /// Places every entry in the list and records it as one action.
  /// - Complexity: O(n) to load the list, and O(k log² n) to place k entries.
  func commit() throws(StoreError) {
    batch.cancel()
    let loaded = try store.loadList(list)
    loaded.collationProvider = Collator.provider
    var rules = CategoryRules(loaded.categories)
    var edits: [ListEdit] = []
    func take(_ new: [ListEdit]) {
      for edit in new {
        if case .categories(_, let after) = edit { rules = CategoryRules(after) }
        edits.append(edit)
      }
    }
    // The batch refused any category these rules would refuse.
    for category in categories { take((try? rules.adopting(category)) ?? []) }
    for entry in entries { take(rules.creating(entry.category)) }
    try store.record(loaded.append(prepared: entries, after: edits), in: list)
  }

  /// Discards everything checked.
  func cancel() { batch.cancel() }

  /// As for the store's own import (``StoreImportDestination/refusesOnlyTheRow(_:)``).
  static func refusesOnlyTheRow(_ error: StoreError) -> Bool {
    StoreImportDestination.refusesOnlyTheRow(error)
  }
}
