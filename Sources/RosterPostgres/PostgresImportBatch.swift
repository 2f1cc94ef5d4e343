public import Foundation
public import RosterBackend
public import RosterKit

/// A bulk import into one list of a ``PostgresStore``: one transaction holding the list's row
/// lock, rows validated one by one and sent at ``commit()`` as `INSERT … SELECT FROM unnest(…)`
/// of ``chunk`` rows each (`COPY FROM` is not allowed on a table with row-level security), all
/// stored or none.
///
/// Imports of up to ``PostgresStore/loggedEditLimit`` entries are one undoable action; larger
/// ones are not undoable and followers reload the list.
public final class PostgresImportBatch: ImportSession {
  private let store: PostgresStore
  private let list: PostgresList
  /// The rows' checks, categories, keys and edits, as every engine keeps them.
  private var book: ImportBookkeeping
  private var rows = ImportRows()
  private var finished = false
  /// The list's ids and the file's, read when the file first gives an id.
  private var knownIDs: Set<UUID>?
  /// How many entries were added so far.
  public var count: Int { book.count }

  init(store: PostgresStore, list: PostgresList) throws(StoreError) {
    self.store = store
    self.list = list
    book = ImportBookkeeping(
      categories: try store.categories(of: list), last: try store.lastEntry(in: list),
      loggedEditLimit: PostgresStore.loggedEditLimit)
  }

  deinit {
    if !finished { cancel() }
  }

  /// Validates and appends one entry.
  /// - Throws: ``StoreError/refused(_:_:)``, ``StoreError/duplicateEntry(_:)``, or a refusal of
  ///   the category name; the row is skipped and the batch can go on.
  /// - Complexity: O(1) amortized (the first given id reads the list's ids, O(n)).
  @discardableResult
  public func add(
    text: String, category: String? = nil, id: UUID? = nil, created: Date? = nil,
    updated: Date? = nil
  ) throws(StoreError) -> Entry {
    precondition(!finished, "The import batch is already finished.")
    let (entry, key) = try book.entry(
      text: text, category: category, id: id, created: created, updated: updated,
      rule: list.rule, now: store.now, makeID: store.makeID)
    if id != nil {
      if knownIDs == nil { knownIDs = try listIDs() }
      guard knownIDs?.insert(entry.id).inserted == true else { throw .duplicateEntry(entry.id) }
    }
    rows.append(entry, key: key)
    book.stored(entry, key: key)
    return entry
  }

  /// Adds a category with its colour, or sets the colour of the one with this name.
  public func addCategory(_ category: EntryCategory) throws(StoreError) {
    try book.addCategory(category)
  }

  /// Stores everything added, as one action, and commits.
  public func commit() throws(StoreError) {
    precondition(!finished, "The import batch is already finished.")
    finished = true
    do throws(StoreError) {
      if rows.count > 0 { try copyRows() }
      try store.recordImport(book, in: list)
      try store.run("COMMIT")
    } catch {
      cancel()
      throw error
    }
  }

  /// Discards everything added.
  public func cancel() {
    finished = true
    _ = try? store.run("ROLLBACK")
  }

  /// How many rows one statement sends.
  static let chunk = 20_000

  private func copyRows() throws(StoreError) {
    for statement in rows.statements(chunk: Self.chunk) {
      try store.run(
        "INSERT INTO entries (list, key, id, text, category, created, updated)"
          + " SELECT $1, * FROM unnest($2::bigint[], $3::uuid[], $4::text[], $5::text[],"
          + " $6::float8[], $7::float8[])", [list.key] + statement)
    }
  }

  private func listIDs() throws(StoreError) -> Set<UUID> {
    let result = try store.run("SELECT id FROM entries WHERE list = $1", [list.key])
    return Set((0..<result.count).compactMap { result.uuid($0, 0) })
  }
}
