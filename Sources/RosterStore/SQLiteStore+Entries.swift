public import Foundation
public import RosterBackend
public import RosterKit

/// Single-entry actions straight in SQL, for the command line: none loads the list, each is one
/// transaction, one undo step and one change-log row. The actions are RosterBackend's
/// (``EntryCommandStore``), shared with `PostgresStore`; this file gives them SQLite's queries.
extension SQLiteStore: EntryCommandStore {
  /// Validates `texts` with the list's rule and appends them, as one action.
  ///
  /// ```swift
  /// let added = try store.add(["Anna", "Łukasz"], category: "Family", to: list.id)
  /// ```
  /// - Throws: ``StoreError/refused(_:_:)`` for the first refused text; nothing is added.
  /// - Complexity: O(k log n) for k texts.
  @discardableResult
  public func add(_ texts: [String], category: String? = nil, to list: UUID) throws(StoreError)
    -> [Entry]
  {
    try performAdd(texts, category: category, to: list)
  }

  /// The entry a person named.
  /// - Throws: ``StoreError/entryNotFound(_:)`` or ``StoreError/ambiguousEntry(_:matches:)``.
  /// - Complexity: O(log n) by id or prefix; O(p) for position p.
  public func entry(_ reference: EntryReference, in list: UUID) throws(StoreError) -> Entry {
    try lookUpEntry(reference, in: list)
  }

  /// Replaces an entry's text, validated by the list's rule.
  /// - Returns: The entry before and after.
  public func updateText(of reference: EntryReference, to text: String, in list: UUID)
    throws(StoreError) -> (old: Entry, new: Entry)
  {
    try performUpdateText(of: reference, to: text, in: list)
  }

  /// Removes the entries named, as one action. Positions refer to the list before the removal.
  /// - Returns: The removed entries.
  public func remove(_ references: [EntryReference], from list: UUID) throws(StoreError)
    -> [Entry]
  {
    try performRemove(references, from: list)
  }

  /// Moves an entry so that it ends up at 1-based `position`.
  /// - Throws: ``StoreError/positionOutOfRange(_:count:)`` when `position` is past the end, or
  ///   ``StoreError/roster(_:)`` with ``RosterKit/RosterError/keptSorted(_:_:)`` when the list
  ///   keeps itself sorted.
  /// - Complexity: O(log n + p).
  @discardableResult
  public func move(_ reference: EntryReference, toPosition position: Int, in list: UUID)
    throws(StoreError) -> Entry
  {
    try performMove(reference, toPosition: position, in: list)
  }

  /// The list's categories with how many entries carry each.
  /// - Complexity: O(n).
  public func categoryUsage(in list: UUID) throws(StoreError) -> [(
    category: EntryCategory, count: Int
  )] {
    try performCategoryUsage(in: list)
  }

  /// Sets a category's badge colour, by ``RosterKit/CategoryRules/settingColor(_:of:)``.
  /// - Throws: ``StoreError/roster(_:)`` with ``RosterError/categoryNotFound(_:)``.
  public func setColor(_ color: CategoryColor, ofCategory name: String, in list: UUID)
    throws(StoreError)
  {
    try performSetColor(color, ofCategory: name, in: list)
  }

  /// Renames a category and every entry that carries it, as one action. The colour stays.
  /// - Complexity: O(n).
  public func renameCategory(_ name: String, to newName: String, in list: UUID)
    throws(StoreError)
  {
    try performRenameCategory(name, to: newName, in: list)
  }

  // MARK: Queries for EntryCommandStore

  package func listForWriting(_ id: UUID) throws(StoreError) -> StoredList { try stored(id) }

  package func listForReading(_ id: UUID) throws(StoreError) -> StoredList { try stored(id) }

  package func entryCount(of list: StoredList) throws(StoreError) -> Int { try count(list.row) }

  package func entryIDs(from low: UUID, to high: UUID, limit: Int, in list: StoredList)
    throws(StoreError) -> [UUID]
  {
    let statement = try database.statement(
      "SELECT id FROM entries WHERE list = ? AND id BETWEEN ? AND ? ORDER BY id LIMIT ?")
    try statement.bind([.integer(list.row), .id(low), .id(high), .integer(Int64(limit))])
    var matches: [UUID] = []
    while try statement.step() {
      if let found = statement.entryID(0) { matches.append(found) }
    }
    return matches
  }

  package func entryIDCount(from low: UUID, to high: UUID, in list: StoredList)
    throws(StoreError) -> Int
  {
    Int(
      try database.integer(
        "SELECT COUNT(*) FROM entries WHERE list = ? AND id BETWEEN ? AND ?",
        .integer(list.row), .id(low), .id(high)) ?? 0)
  }

  package func entries(carrying name: String, in list: StoredList) throws(StoreError) -> [Entry] {
    let statement = try database.statement(
      "SELECT \(Self.entryColumns) FROM entries WHERE list = ? AND category = ? ORDER BY key")
    try statement.bind([.integer(list.row), .text(name)])
    var carriers: [Entry] = []
    while try statement.step() { carriers.append(try entry(statement)) }
    return carriers
  }

  package func categoryCounts(in list: StoredList) throws(StoreError) -> [String: Int] {
    let statement = try database.statement(
      "SELECT category, COUNT(*) FROM entries WHERE list = ? AND category IS NOT NULL"
        + " GROUP BY category")
    try statement.bind([.integer(list.row)])
    var counts: [String: Int] = [:]
    while try statement.step() { counts[statement.text(0) ?? ""] = Int(statement.integer(1)) }
    return counts
  }
}

extension SQLiteStore {
  /// Starts a bulk import into a list, holding the write lock until the batch is committed or
  /// cancelled.
  ///
  /// The import's statements check no foreign key: every row goes into the one list the batch
  /// found inside its own write transaction, and a check in a statement of many rows would make
  /// SQLite keep a statement journal for it (see ``ImportBatch``). ``endImport()`` turns the
  /// checks on again.
  public func beginImport(into list: UUID) throws(StoreError) -> ImportBatch {
    // The setting only changes outside a transaction.
    try database.execute("PRAGMA foreign_keys = OFF")
    do throws(StoreError) {
      try withRetry { () throws(StoreError) in try database.execute("BEGIN IMMEDIATE") }
      do throws(StoreError) {
        try database.execute("PRAGMA cache_size = -262144")
        return try ImportBatch(store: self, list: try stored(list))
      } catch {
        try? database.execute("ROLLBACK")
        throw error
      }
    } catch {
      endImport()
      throw error
    }
  }

  /// Checks foreign keys again, once an import's transaction has ended.
  func endImport() {
    try? database.execute("PRAGMA foreign_keys = ON")
  }
}
