public import RosterBackend

/// How the connection keeps the file durable, as SQLite reports it: for tools that must match
/// it (the benchmark's `sqlite3` baseline) without repeating what the open path sets.
extension SQLiteStore {
  /// The file's journal mode: `wal`, `delete`, ….
  /// - Complexity: O(1).
  public func journalMode() throws(StoreError) -> String {
    try text("PRAGMA journal_mode")
  }

  /// The connection's `synchronous` setting: 0 `OFF`, 1 `NORMAL`, 2 `FULL`, 3 `EXTRA`.
  /// - Complexity: O(1).
  public func synchronousLevel() throws(StoreError) -> Int {
    Int(try database.integer("PRAGMA synchronous") ?? 0)
  }

  private func text(_ sql: String) throws(StoreError) -> String {
    let statement = try database.statement(sql)
    defer { statement.reset() }
    return try statement.step() ? statement.text(0) ?? "" : ""
  }
}
