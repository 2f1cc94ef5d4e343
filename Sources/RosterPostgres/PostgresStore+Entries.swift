public import Foundation
public import RosterBackend
package import RosterKit

/// Single-entry actions straight in SQL, for the command line: none loads the list, each is one
/// transaction, one undo step and one change-log row. The actions are RosterBackend's
/// (``RosterBackend/SQLStorage``), shared with `SQLiteStore`; this file gives them PostgreSQL's
/// queries. A write locks the list's row, so writers to one list queue.
extension PostgresStore: SQLStorage, EntryCommandStore {
  /// This store's rows, for RosterBackend's shared implementations.
  public var sqlRows: SQLRows { SQLRows(self) }

  /// Starts a bulk import into a list: one transaction, sent with `COPY` at commit.
  public func beginImport(into list: UUID) throws(StoreError) -> PostgresImportBatch {
    try run("BEGIN")
    do throws(StoreError) {
      // A fresh random operation id, as ``write(_:)`` takes one: unique among all clients'.
      try run("INSERT INTO operations (id) VALUES ($1)", [UUIDText.string(UUID())])
      return try PostgresImportBatch(store: self, list: try locked(list))
    } catch {
      _ = try? run("ROLLBACK")
      throw error
    }
  }

  // MARK: Queries for EntryCommandStore

  package func listForWriting(_ id: UUID) throws(StoreError) -> PostgresList { try locked(id) }

  package func listForReading(_ id: UUID) throws(StoreError) -> PostgresList { try stored(id) }

  package func entryCount(of list: PostgresList) throws(StoreError) -> Int { try count(list) }

  package func entryIDs(from low: UUID, to high: UUID, limit: Int, in list: PostgresList)
    throws(StoreError) -> [UUID]
  {
    let result = try run(
      "SELECT id FROM entries WHERE list = $1 AND id BETWEEN $2 AND $3 ORDER BY id LIMIT $4",
      [list.key, UUIDText.string(low), UUIDText.string(high), String(limit)])
    return (0..<result.count).compactMap { result.uuid($0, 0) }
  }

  package func entryIDCount(from low: UUID, to high: UUID, in list: PostgresList)
    throws(StoreError) -> Int
  {
    let result = try run(
      "SELECT count(*) FROM entries WHERE list = $1 AND id BETWEEN $2 AND $3",
      [list.key, UUIDText.string(low), UUIDText.string(high)])
    return Int(result.integer(0, 0))
  }

  package func entries(carrying name: String, in list: PostgresList) throws(StoreError)
    -> [Entry]
  {
    let result = try run(
      "SELECT \(Self.entryColumns) FROM entries WHERE list = $1 AND category = $2"
        + " ORDER BY key", [list.key, name])
    var carriers: [Entry] = []
    for row in 0..<result.count { carriers.append(try entry(result, row)) }
    return carriers
  }

  package func categoryCounts(in list: PostgresList) throws(StoreError) -> [String: Int] {
    let result = try run(
      "SELECT category, count(*) FROM entries WHERE list = $1 AND category IS NOT NULL"
        + " GROUP BY category", [list.key])
    var counts: [String: Int] = [:]
    for row in 0..<result.count {
      counts[result.text(row, 0) ?? ""] = Int(result.integer(row, 1))
    }
    return counts
  }
}
