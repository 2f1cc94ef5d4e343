package import Foundation
package import RosterBackend
package import RosterKit

/// Replaying ``ListEdit``s as SQL: the one path every write takes (front ends' changes, CLI
/// commands, undo and redo), inside the caller's transaction. The replay itself is
/// RosterBackend's ``EntryRowStore/replay(_:in:)``; this file gives it SQLite's statements.
extension SQLiteStore: EntryRowStore {
  /// Applies `edits` to the stored list by identity and returns them as actually applied, with
  /// anchors as the database has them; edits that no longer apply are skipped. Many moves at
  /// once (a sort) are written in bulk.
  /// - Complexity: O(k log n) for k edits, except a rare local rebalance of keys.
  package func apply(_ edits: [ListEdit], in list: StoredList) throws(StoreError) -> [ListEdit] {
    if edits.count >= Self.bulkMoves, let done = try applyMoves(edits, in: list) { return done }
    return try replay(edits, in: list)
  }

  // MARK: Reading rows

  package func located(_ id: UUID, in list: StoredList) throws(StoreError) -> (
    key: Int64, entry: Entry
  )? {
    let statement = try database.statement(
      "SELECT key, \(Self.entryColumns) FROM entries WHERE list = ? AND id = ?")
    try statement.bind([.integer(list.row), .id(id)])
    guard try statement.step() else { return nil }
    return (statement.integer(0), try entry(statement, from: 1))
  }

  package func neighbour(before key: Int64, in list: StoredList) throws(StoreError) -> (
    key: Int64, id: UUID
  )? {
    try keyAndID(
      "SELECT key, id FROM entries WHERE list = ? AND key < ? ORDER BY key DESC LIMIT 1",
      .integer(list.row), .integer(key))
  }

  package func lastEntry(in list: StoredList) throws(StoreError) -> (key: Int64, id: UUID)? {
    try keyAndID(
      "SELECT key, id FROM entries WHERE list = ? ORDER BY key DESC LIMIT 1", .integer(list.row))
  }

  package func entry(atOffset offset: Int, skipping: UUID?, in list: StoredList)
    throws(StoreError) -> (key: Int64, id: UUID)?
  {
    try keyAndID(
      "SELECT key, id FROM entries WHERE list = ? AND id IS NOT ? ORDER BY key LIMIT 1 OFFSET ?",
      .integer(list.row), skipping.map(SQLValue.id) ?? .null,
      .integer(Int64(max(offset, 0))))
  }

  package func key(after key: Int64?, skipping: UUID, in list: StoredList) throws(StoreError)
    -> Int64?
  {
    try database.integer(
      "SELECT key FROM entries WHERE list = ? AND key > ? AND id <> ? ORDER BY key LIMIT 1",
      .integer(list.row), .integer(key ?? Int64.min), .id(skipping))
      ?? nil
  }

  package func keys(near pivot: Int64, below: Bool, limit: Int, in list: StoredList)
    throws(StoreError) -> [Int64]
  {
    let statement = try database.statement(
      below
        ? "SELECT key FROM entries WHERE list = ? AND key <= ? ORDER BY key DESC LIMIT ?"
        : "SELECT key FROM entries WHERE list = ? AND key > ? ORDER BY key LIMIT ?")
    try statement.bind([.integer(list.row), .integer(pivot), .integer(Int64(limit))])
    var result: [Int64] = []
    while try statement.step() { result.append(statement.integer(0)) }
    return result
  }

  package func currentTitle(of list: StoredList) throws(StoreError) -> String {
    let statement = try database.statement("SELECT title FROM lists WHERE id = ?")
    try statement.bind([.integer(list.row)])
    return try statement.step() ? statement.text(0) ?? "" : list.title
  }

  package func currentKeepSorted(of list: StoredList) throws(StoreError) -> EntryOrder? {
    let statement = try database.statement("SELECT keep_sorted FROM lists WHERE id = ?")
    try statement.bind([.integer(list.row)])
    guard try statement.step(), let text = statement.text(0) else { return nil }
    return EntryOrder(storageText: text)
  }

  private func keyAndID(_ sql: String, _ values: SQLValue...) throws(StoreError) -> (
    key: Int64, id: UUID
  )? {
    let statement = try database.statement(sql)
    try statement.bind(values)
    guard try statement.step(), let id = statement.entryID(1)
    else { return nil }
    return (statement.integer(0), id)
  }

  // MARK: Writing rows

  package func insert(_ entry: Entry, key: Int64, in list: StoredList) throws(StoreError) {
    try database.run(
      "INSERT INTO entries (list, key, id, text, category, created, updated)"
        + " VALUES (?, ?, ?, ?, ?, ?, ?)",
      .integer(list.row), .integer(key), .id(entry.id),
      .text(entry.text), entry.category.map(SQLValue.text) ?? .null,
      .real(entry.created.timeIntervalSinceReferenceDate),
      .real(entry.updated.timeIntervalSinceReferenceDate))
  }

  package func setKey(_ key: Int64, of id: UUID, in list: StoredList) throws(StoreError) {
    try database.run(
      "UPDATE entries SET key = ? WHERE list = ? AND id = ?", .integer(key), .integer(list.row),
      .id(id))
  }

  package func changeKey(from old: Int64, to new: Int64, in list: StoredList) throws(StoreError) {
    try database.run(
      "UPDATE entries SET key = ? WHERE list = ? AND key = ?", .integer(new), .integer(list.row),
      .integer(old))
  }

  package func deleteEntry(atKey key: Int64, in list: StoredList) throws(StoreError) {
    try database.run(
      "DELETE FROM entries WHERE list = ? AND key = ?", .integer(list.row), .integer(key))
  }

  package func updateEntry(atKey key: Int64, to entry: Entry, in list: StoredList)
    throws(StoreError)
  {
    try database.run(
      "UPDATE entries SET text = ?, category = ?, updated = ? WHERE list = ? AND key = ?",
      .text(entry.text), entry.category.map(SQLValue.text) ?? .null,
      .real(entry.updated.timeIntervalSinceReferenceDate), .integer(list.row), .integer(key))
  }

  package func replaceCategories(with categories: [EntryCategory], in list: StoredList)
    throws(StoreError)
  {
    try database.run("DELETE FROM categories WHERE list = ?", .integer(list.row))
    for (position, category) in categories.enumerated() {
      try database.run(
        "INSERT OR REPLACE INTO categories (list, name, color, position) VALUES (?, ?, ?, ?)",
        .integer(list.row), .text(category.name), .text(category.color.hex),
        .integer(Int64(position)))
    }
  }

  package func setTitle(_ title: String, of list: StoredList) throws(StoreError) {
    try database.run("UPDATE lists SET title = ? WHERE id = ?", .text(title), .integer(list.row))
  }

  package func setKeepSorted(_ order: EntryOrder?, of list: StoredList) throws(StoreError) {
    try database.run(
      "UPDATE lists SET keep_sorted = ? WHERE id = ?",
      order.map { SQLValue.text($0.storageText) } ?? .null, .integer(list.row))
  }
}
