package import Foundation
package import RosterBackend
package import RosterKit

/// Replaying ``ListEdit``s as SQL: the one path every write takes (front ends' changes, CLI
/// commands, undo and redo), inside the caller's transaction. The replay itself is
/// RosterBackend's ``EntryRowStore/replay(_:in:)``, shared with `SQLiteStore`; this file gives
/// it PostgreSQL's statements.
extension PostgresStore: EntryRowStore {
  /// Applies `edits` to the stored list by identity and returns them as actually applied, with
  /// anchors as the database has them; edits that no longer apply are skipped.
  /// - Complexity: O(k log n) for k edits, except a rare local respread of keys.
  package func apply(_ edits: [ListEdit], in list: PostgresList) throws(StoreError) -> [ListEdit] {
    try replay(edits, in: list)
  }

  // MARK: Reading rows

  package func located(_ id: UUID, in list: PostgresList) throws(StoreError) -> (
    key: Int64, entry: Entry
  )? {
    let result = try run(
      "SELECT key, \(Self.entryColumns) FROM entries WHERE list = $1 AND id = $2",
      [list.key, UUIDText.string(id)])
    guard result.count == 1 else { return nil }
    return (result.integer(0, 0), try entry(result, 0, from: 1))
  }

  package func neighbour(before key: Int64, in list: PostgresList) throws(StoreError) -> (
    key: Int64, id: UUID
  )? {
    try keyAndID(
      "SELECT key, id FROM entries WHERE list = $1 AND key < $2 ORDER BY key DESC LIMIT 1",
      [list.key, String(key)])
  }

  package func lastEntry(in list: PostgresList) throws(StoreError) -> (key: Int64, id: UUID)? {
    try keyAndID(
      "SELECT key, id FROM entries WHERE list = $1 ORDER BY key DESC LIMIT 1", [list.key])
  }

  package func entry(atOffset offset: Int, skipping: UUID?, in list: PostgresList)
    throws(StoreError) -> (key: Int64, id: UUID)?
  {
    try keyAndID(
      "SELECT key, id FROM entries WHERE list = $1 AND id IS DISTINCT FROM $2::uuid"
        + " ORDER BY key LIMIT 1 OFFSET $3",
      [list.key, skipping.map(UUIDText.string), String(max(offset, 0))])
  }

  package func key(after key: Int64?, skipping: UUID, in list: PostgresList) throws(StoreError)
    -> Int64?
  {
    let result = try run(
      "SELECT key FROM entries WHERE list = $1 AND key > $2 AND id <> $3 ORDER BY key LIMIT 1",
      [list.key, String(key ?? Int64.min), UUIDText.string(skipping)])
    return result.count == 1 ? result.integer(0, 0) : nil
  }

  package func keys(near pivot: Int64, below: Bool, limit: Int, in list: PostgresList)
    throws(StoreError) -> [Int64]
  {
    let result = try run(
      below
        ? "SELECT key FROM entries WHERE list = $1 AND key <= $2 ORDER BY key DESC LIMIT $3"
        : "SELECT key FROM entries WHERE list = $1 AND key > $2 ORDER BY key LIMIT $3",
      [list.key, String(pivot), String(limit)])
    return (0..<result.count).map { result.integer($0, 0) }
  }

  package func currentTitle(of list: PostgresList) throws(StoreError) -> String {
    try run("SELECT title FROM lists WHERE id = $1", [list.key]).text(0, 0) ?? list.title
  }

  package func currentKeepSorted(of list: PostgresList) throws(StoreError) -> EntryOrder? {
    try run("SELECT keep_sorted FROM lists WHERE id = $1", [list.key]).text(0, 0)
      .flatMap { EntryOrder(storageText: $0) }
  }

  private func keyAndID(_ sql: String, _ parameters: [String?]) throws(StoreError) -> (
    key: Int64, id: UUID
  )? {
    let result = try run(sql, parameters)
    guard result.count == 1, let id = result.uuid(0, 1) else { return nil }
    return (result.integer(0, 0), id)
  }

  // MARK: Writing rows

  package func insert(_ entry: Entry, key: Int64, in list: PostgresList) throws(StoreError) {
    try run(
      "INSERT INTO entries (list, key, id, text, category, created, updated)"
        + " VALUES ($1, $2, $3, $4, $5, $6, $7)",
      [
        list.key, String(key), UUIDText.string(entry.id), entry.text, entry.category,
        String(entry.created.timeIntervalSinceReferenceDate),
        String(entry.updated.timeIntervalSinceReferenceDate),
      ])
  }

  package func setKey(_ key: Int64, of id: UUID, in list: PostgresList) throws(StoreError) {
    try run(
      "UPDATE entries SET key = $1 WHERE list = $2 AND id = $3",
      [String(key), list.key, UUIDText.string(id)])
  }

  package func changeKey(from old: Int64, to new: Int64, in list: PostgresList)
    throws(StoreError)
  {
    try run(
      "UPDATE entries SET key = $1 WHERE list = $2 AND key = $3",
      [String(new), list.key, String(old)])
  }

  package func deleteEntry(atKey key: Int64, in list: PostgresList) throws(StoreError) {
    try run("DELETE FROM entries WHERE list = $1 AND key = $2", [list.key, String(key)])
  }

  package func updateEntry(atKey key: Int64, to entry: Entry, in list: PostgresList)
    throws(StoreError)
  {
    try run(
      "UPDATE entries SET text = $1, category = $2, updated = $3 WHERE list = $4 AND key = $5",
      [
        entry.text, entry.category, String(entry.updated.timeIntervalSinceReferenceDate),
        list.key, String(key),
      ])
  }

  package func replaceCategories(with categories: [EntryCategory], in list: PostgresList)
    throws(StoreError)
  {
    try run("DELETE FROM categories WHERE list = $1", [list.key])
    for (position, category) in categories.enumerated() {
      try run(
        "INSERT INTO categories (list, name, color, position) VALUES ($1, $2, $3, $4)"
          + " ON CONFLICT (list, name) DO UPDATE SET color = excluded.color,"
          + " position = excluded.position",
        [list.key, category.name, category.color.hex, String(position)])
    }
  }

  package func setTitle(_ title: String, of list: PostgresList) throws(StoreError) {
    try run("UPDATE lists SET title = $1 WHERE id = $2", [title, list.key])
  }

  package func setKeepSorted(_ order: EntryOrder?, of list: PostgresList) throws(StoreError) {
    try run("UPDATE lists SET keep_sorted = $1 WHERE id = $2", [order?.storageText, list.key])
  }
}
