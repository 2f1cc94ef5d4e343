import Foundation
import RosterBackend

@testable import RosterStore

/// Everything a database holds, as one value: every row of every table (lists, entries,
/// categories, the change log, undo and redo), the schema and its version. Two stores hold the
/// same committed data exactly when their states are equal.
struct DatabaseState: Hashable {
  /// A hash of the sorted rows; states are compared within one process only.
  let fingerprint: Int
  /// How many rows, for messages.
  let rows: Int

  /// Reads `store`'s committed state in one read transaction.
  init(of store: SQLiteStore) throws(StoreError) {
    let database = store.database
    let rows = try store.read { () throws(StoreError) -> [String] in
      var rows = ["user_version \(try database.integer("PRAGMA user_version") ?? -1)"]
      var tables: [String] = []
      let schema = try database.statement(
        "SELECT type, name, ifnull(sql, '') FROM sqlite_master ORDER BY type, name")
      while try schema.step() {
        rows.append(
          "schema \(schema.text(0) ?? "") \(schema.text(1) ?? "") \(schema.text(2) ?? "")")
        if schema.text(0) == "table", let name = schema.text(1), !name.hasPrefix("sqlite_stat") {
          tables.append(name)
        }
      }
      schema.reset()
      for table in tables {
        var columns: [String] = []
        let info = try database.statement("SELECT name FROM pragma_table_info(?)")
        try info.bind([.text(table)])
        while try info.step() { columns.append(info.text(0) ?? "") }
        info.reset()
        let quoted = columns.map { "quote(\"\($0)\")" }.joined(separator: " || '|' || ")
        let select = try database.statement("SELECT '\(table)|' || \(quoted) FROM \"\(table)\"")
        while try select.step() { rows.append(select.text(0) ?? "") }
        select.reset()
      }
      return rows
    }
    var hasher = Hasher()
    for row in rows.sorted() { hasher.combine(row) }
    fingerprint = hasher.finalize()
    self.rows = rows.count
  }
}
