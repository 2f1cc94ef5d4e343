import CSQLite
import Foundation
import RosterBackend

/// One SQLite connection: the thin wrapper that keeps C pointers out of the rest of the store.
///
/// Not thread-safe; a ``SQLiteStore`` owns one and uses it from one thread at a time.
final class Database {
  /// The connection handle.
  let handle: OpaquePointer
  /// Prepared statements by SQL text, so hot paths prepare once per connection.
  private var cache: [String: Statement] = [:]

  /// Opens (and creates when missing) the database at `path`, through the VFS named `vfs`
  /// (`nil`: SQLite's default).
  init(path: String, vfs: String? = nil) throws(StoreError) {
    var connection: OpaquePointer?
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
    let status = sqlite3_open_v2(path, &connection, flags, vfs)
    guard status == SQLITE_OK, let connection else {
      let detail = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      sqlite3_close_v2(connection)
      throw .database("Cannot open the database \(path): \(detail).")
    }
    handle = connection
    sqlite3_extended_result_codes(handle, 1)
  }

  deinit {
    cache.removeAll()
    sqlite3_close_v2(handle)
  }

  /// Runs one or more statements that return no rows.
  func execute(_ sql: String) throws(StoreError) {
    let status = sqlite3_exec(handle, sql, nil, nil, nil)
    guard status == SQLITE_OK else { throw error(status) }
  }

  /// A prepared statement for `sql`, reset and ready to bind; cached per connection.
  ///
  /// The cached statement is shared: do not run the same SQL again while stepping through it.
  func statement(_ sql: String) throws(StoreError) -> Statement {
    if let cached = cache[sql] {
      cached.reset()
      return cached
    }
    var raw: OpaquePointer?
    let status = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &raw, nil)
    guard status == SQLITE_OK, let raw else { throw error(status) }
    let statement = Statement(raw, database: self)
    cache[sql] = statement
    return statement
  }

  /// Runs `sql` with `values` bound in order, stepping it to completion.
  func run(_ sql: String, _ values: SQLValue...) throws(StoreError) {
    let statement = try statement(sql)
    try statement.bind(values)
    defer { statement.reset() }
    while try statement.step() {}
  }

  /// The first column of the first row of `sql`, as an integer, or `nil` when there is no row.
  func integer(_ sql: String, _ values: SQLValue...) throws(StoreError) -> Int64? {
    let statement = try statement(sql)
    try statement.bind(values)
    defer { statement.reset() }
    return try statement.step() ? statement.integer(0) : nil
  }

  /// Resets every cached statement, so none keeps a read snapshot open.
  func resetAll() {
    for statement in cache.values { statement.reset() }
  }

  /// The rowid of the last row inserted on this connection.
  var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  /// Rows changed by the last statement.
  var changedRows: Int { Int(sqlite3_changes(handle)) }

  /// Whether a transaction is open.
  var inTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

  /// A store error for a failed call, with SQLite's explanation.
  func error(_ status: Int32) -> StoreError {
    let primary = status & 0xff
    if primary == SQLITE_BUSY || primary == SQLITE_LOCKED { return .busy }
    // A write that found no room: SQLite says so, or reports an I/O error whose cause was it.
    if primary == SQLITE_FULL || (primary == SQLITE_IOERR && sqlite3_system_errno(handle) == ENOSPC)
    {
      return .diskFull
    }
    if primary == SQLITE_CONSTRAINT { return .constraint(String(cString: sqlite3_errmsg(handle))) }
    return .database("\(String(cString: sqlite3_errmsg(handle))).")
  }
}
