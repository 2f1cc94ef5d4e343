public import Foundation
public import RosterBackend
public import RosterKit

/// A bulk import into one list: one write transaction, rows appended after the list's last
/// entry with increasing keys, committed all at once or not at all.
///
/// ```swift
/// let batch = try store.beginImport(into: list.id)
/// for row in rows {
///   do { try batch.add(text: row.text, category: row.category) }
///   catch { report(error) }                 // the row is skipped; the batch goes on
/// }
/// try batch.commit()                         // or batch.cancel()
/// ```
///
/// Imports of up to ``SQLiteStore/loggedEditLimit`` entries are one undoable action; larger ones
/// are not undoable (the list's history is cleared) and other windows reload the list.
public final class ImportBatch {
  private let store: SQLiteStore
  private let list: StoredList
  // The state each row touches is not checked for exclusive access at run time (about a
  // twentieth of the reading thread's time in a large import): only the thread that calls
  // the batch touches it, one access at a time; the insert thread has its own chunks.
  /// The rows' checks, categories, keys and edits, as every engine keeps them.
  @exclusivity(unchecked) private var book: ImportBookkeeping
  @exclusivity(unchecked) private var finished = false
  private let insertion: Statement
  /// The list's ids from before the import and from the file, kept in memory while the id index
  /// is dropped (see ``deferIndexIfLarge()``).
  @exclusivity(unchecked) private var knownIDs: Set<UUID>?
  /// Fresh ids drawn ahead by ``expectRows(atMost:)``, handed out in increasing order while the
  /// id index stays; `nil` for an import not announced as large.
  @exclusivity(unchecked) private var ascendingIDs: AscendingIDs?
  /// Whether a row so far came with its own id (from the file).
  @exclusivity(unchecked) private var sawGivenID = false
  /// Entries in the whole database when the import began.
  private let entriesBefore: Int
  /// The rows added but not yet handed to the insert thread.
  @exclusivity(unchecked) private var pending: ImportChunk
  /// The statement of ``groupInsertion``.
  private let group: Statement
  /// Stores the rows of fresh or already checked ids on a second thread, while the next rows
  /// are read and validated; made with the first chunk.
  private var inserter: BackgroundInserter?
  /// How many rows one statement inserts while the id index is deferred, or while fresh ids
  /// come in increasing order (``expectRows(atMost:)``): one statement keeps
  /// its cursor at the table's end from row to row, where a statement per row seeks down the
  /// tree again for each (about a quarter of a large import's time).
  static let rowsPerInsert = 256
  /// How many rows go to the insert thread at once: a number of whole groups.
  static let rowsPerChunk = rowsPerInsert * 16
  /// The statement that inserts ``rowsPerInsert`` rows: the list once (`?1`), then six
  /// parameters a row. A failed group fails the whole import anyway, so `OR ROLLBACK`: with
  /// no foreign key checked (``SQLiteStore/beginImport(into:)``), SQLite then keeps no
  /// statement journal, which otherwise copies every page a group changes to a temporary file
  /// first (about a gigabyte for a million rows).
  private static let groupInsertion =
    "INSERT OR ROLLBACK INTO entries (list, key, id, text, category, created, updated) VALUES "
    + (0..<rowsPerInsert).map { row in
      let first = 2 + 6 * row
      return "(?1, " + (first..<first + 6).map { "?\($0)" }.joined(separator: ", ") + ")"
    }.joined(separator: ", ")

  /// Imports at least this large (and at least as large as the database) build the id index
  /// once at the end instead of inserting a million random ids into it one by one.
  static let deferredIndexThreshold = 50_000
  /// The most fresh ids ``expectRows(atMost:)`` draws ahead (16 bytes each); a larger import
  /// rebuilds the id index instead.
  static let maximumDrawnIDs = 1 << 23
  /// How many entries were added so far.
  public var count: Int { book.count }

  init(store: SQLiteStore, list: StoredList) throws(StoreError) {
    self.store = store
    self.list = list
    pending = ImportChunk(list: list.row)
    book = ImportBookkeeping(
      categories: try store.categories(of: list), last: try store.lastEntry(in: list),
      loggedEditLimit: SQLiteStore.loggedEditLimit)
    insertion = try store.database.statement(
      "INSERT INTO entries (list, key, id, text, category, created, updated)"
        + " VALUES (?, ?, ?, ?, ?, ?, ?)")
    group = try store.database.statement(Self.groupInsertion)
    entriesBefore = Int(try store.database.integer("SELECT SUM(size) FROM lists") ?? 0)
  }

  deinit {
    if !finished { cancel() }
  }

  /// Draws the fresh ids of an import of at least ``deferredIndexThreshold`` rows ahead, sorted
  /// (``AscendingIDs``), when the list is small next to the import: the rows then go into the
  /// id index at one place moving forward, and the index stays. Rows with an id of their own
  /// still take it.
  /// - Parameter count: At most how many rows follow (the file's line breaks, say).
  /// - Complexity: O(k log k) for k = `count`.
  public func expectRows(atMost count: Int) {
    precondition(self.count == 0, "Rows are announced before the first one.")
    // Into a list that has many entries already, the new ids would land between theirs all
    // over its index, not at one moving place: that import rebuilds the index instead.
    guard (Self.deferredIndexThreshold...Self.maximumDrawnIDs).contains(count), knownIDs == nil,
      (try? store.count(list.row)).map({ $0 <= count / Self.rowsPerInsert }) == true
    else { return }
    ascendingIDs = AscendingIDs(count: count, makeID: store.makeID)
  }

  /// Validates and appends one entry.
  /// - Parameters:
  ///   - text: The text, checked and normalized by the list's rule.
  ///   - category: A category name; created with its palette colour when new.
  ///   - id: The entry's id, to keep ids across export and import; a new one when `nil`.
  ///   - created: The creation time; now when `nil`.
  ///   - updated: The last change; `created` when `nil`.
  /// - Returns: The entry as stored.
  /// - Throws: ``StoreError/refused(_:_:)``, ``StoreError/duplicateEntry(_:)``, or a refusal of
  ///   the category name; the row is skipped and the batch can go on.
  /// - Complexity: O(log n).
  @discardableResult
  public func add(
    text: String, category: String? = nil, id: UUID? = nil, created: Date? = nil,
    updated: Date? = nil
  ) throws(StoreError) -> Entry {
    precondition(!finished, "The import batch is already finished.")
    let (entry, key) = try book.entry(
      text: text, category: category, id: id, created: created, updated: updated,
      rule: list.rule, now: store.now, makeID: { ascendingIDs?.next() ?? store.makeID() })
    if id != nil { sawGivenID = true }
    // Fresh ids are random 122-bit values: only ids given by the file can repeat one.
    if id != nil, knownIDs?.insert(entry.id).inserted == false {
      throw .duplicateEntry(entry.id)
    }
    if knownIDs != nil || (id == nil && ascendingIDs != nil) {
      // No unique index to refuse a row, or a fresh id it cannot refuse: rows go to the insert
      // thread in chunks, in groups of one statement each.
      pending.append(entry, key: key)
      if pending.count == Self.rowsPerChunk { try submitPending() }
    } else {
      try storePending()  // keeps the rows in the order they came
      var values: [SQLValue] = []
      append(entry, key: key, to: &values)
      do throws(StoreError) {
        defer { insertion.reset() }
        try insertion.bind(values)
        while try insertion.step() {}
      } catch .constraint {
        throw .duplicateEntry(entry.id)
      }
    }
    book.stored(entry, key: key)
    if count == Self.deferredIndexThreshold { try deferIndexIfLarge() }
    return entry
  }

  /// Adds the values `entry` binds, at `key`, to `values`.
  private func append(_ entry: Entry, key: Int64, to values: inout [SQLValue]) {
    values.append(.integer(list.row))
    values.append(.integer(key))
    values.append(.id(entry.id))
    values.append(.text(entry.text))
    values.append(entry.category.map(SQLValue.text) ?? .null)
    values.append(.real(entry.created.timeIntervalSinceReferenceDate))
    values.append(.real(entry.updated.timeIntervalSinceReferenceDate))
  }

  /// Hands the rows in ``pending`` to the insert thread and waits until it has stored every
  /// row: the connection is then free for this thread's statements.
  /// - Throws: The failure of any chunk of rows.
  private func storePending() throws(StoreError) {
    if pending.count > 0 { try submitPending() }
    try inserter?.drain()
  }

  /// Hands the rows in ``pending`` to the insert thread.
  private func submitPending() throws(StoreError) {
    let inserter =
      self.inserter
      ?? BackgroundInserter { [group, insertion] chunk throws(StoreError) in
        try chunk.insert(group: group, rowsPerGroup: Self.rowsPerInsert, single: insertion)
      }
    self.inserter = inserter
    try inserter.submit(pending)
    pending.removeAll()
  }

  /// Drops the unique (list, id) index for the rest of a large import, keeping the list's ids
  /// in memory to refuse duplicates; ``commit()`` builds the index again in one sorted pass
  /// (about twice as fast for a million rows). The drop is part of the transaction: a cancel
  /// or a crash leaves the index as it was.
  private func deferIndexIfLarge() throws(StoreError) {
    guard knownIDs == nil, count >= entriesBefore, ascendingIDs == nil || sawGivenID else {
      return
    }
    try storePending()
    ascendingIDs = nil
    var ids = Set<UUID>()
    let statement = try store.database.statement("SELECT id FROM entries WHERE list = ?")
    try statement.bind([.integer(list.row)])
    while try statement.step() {
      if let id = statement.entryID(0) { ids.insert(id) }
    }
    store.database.resetAll()  // DROP INDEX needs every statement finished
    try store.database.execute("DROP INDEX entries_by_id")
    knownIDs = ids
  }

  /// Adds a category with its colour, or sets the colour of the one with this name. The name
  /// is checked and normalized as entries' category names are; a blank one is ignored.
  /// - Throws: A refusal of the name.
  public func addCategory(_ category: EntryCategory) throws(StoreError) {
    try book.addCategory(category)
  }

  /// Stores everything added, as one action.
  public func commit() throws(StoreError) {
    precondition(!finished, "The import batch is already finished.")
    finished = true
    do throws(StoreError) {
      try storePending()
      if knownIDs != nil {
        store.database.resetAll()
        try store.database.execute(Schema.entriesByID)
      }
      try store.recordImport(book, in: list)
      store.database.resetAll()
      try store.database.execute("COMMIT")
      store.endImport()
    } catch {
      cancel()
      throw error
    }
  }

  /// Discards everything added.
  public func cancel() {
    finished = true
    try? inserter?.drain()
    store.database.resetAll()
    if store.database.inTransaction { try? store.database.execute("ROLLBACK") }
    store.endImport()
  }
}
