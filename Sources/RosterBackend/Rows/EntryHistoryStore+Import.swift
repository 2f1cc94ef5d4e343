import RosterKit

/// The end of a bulk import, written once for both engines: what the import batches record in
/// their transaction once every row is stored.
extension EntryHistoryStore {
  /// Records an import whose rows are stored: the list's new count, the categories it created,
  /// and one undo step of its insertions, logged for other connections; or, for an import too
  /// large to undo (`book.inserts == nil`), no undo history and a change-log row without edits,
  /// which makes followers reload.
  /// - Complexity: O(k) for the k edits kept for undo.
  package func recordImport(_ book: ImportBookkeeping, in list: ListRow) throws(StoreError) {
    try adjustCount(of: list, by: book.count)
    var edits: [ListEdit] = []
    if let change = book.categoryEdit { edits = try apply([change], in: list) }
    if let inserts = book.inserts {
      edits += inserts
      if !edits.isEmpty {
        try pushUndo(edits, in: list)
        _ = try log(edits, in: list)
      }
    } else {
      try clearHistory(of: list)
      _ = try log(nil, in: list)
    }
  }
}
