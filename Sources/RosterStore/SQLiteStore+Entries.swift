public import Foundation
public import RosterBackend
package import RosterKit

/// Single-entry actions straight in SQL, for the command line: none loads the list, each is one
/// transaction, one undo step and one change-log row. The actions are RosterBackend's
/// (``RosterBackend/SQLStorage``), shared with `PostgresStore`; this file gives them SQLite's
/// queries.
extension SQLiteStore: EntryCommandStore {
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
