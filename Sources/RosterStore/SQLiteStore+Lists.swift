public import Foundation
public import RosterBackend
public import RosterKit

extension SQLiteStore {
  /// Every list with its entry count, in creation order.
  /// - Complexity: O(l) in the number of lists.
  public func lists() throws(StoreError) -> [ListSummary] {
    try read { () throws(StoreError) in
      let statement = try database.statement(
        "SELECT \(StoredList.columns), size FROM lists ORDER BY id")
      var result: [ListSummary] = []
      while try statement.step() {
        let list = try StoredList(statement)
        result.append(
          ListSummary(
            id: list.id, title: list.title, rule: list.rule, count: Int(statement.integer(7)),
            keepSorted: list.keepSorted))
      }
      return result
    }
  }

  /// The list titled `title`, or `nil`.
  public func list(titled title: String) throws(StoreError) -> ListSummary? {
    try read { () throws(StoreError) in
      let statement = try database.statement(
        "SELECT \(StoredList.columns) FROM lists WHERE title = ?")
      try statement.bind([.text(title)])
      guard try statement.step() else { return nil }
      let list = try StoredList(statement)
      return ListSummary(
        id: list.id, title: list.title, rule: list.rule, count: try count(list.row),
        keepSorted: list.keepSorted)
    }
  }

  /// Deletes a list and its entries, categories, change log and history.
  public func deleteList(_ id: UUID) throws(StoreError) {
    try write { () throws(StoreError) in
      try database.run("DELETE FROM lists WHERE uuid = ?", .text(UUIDText.string(id)))
      guard database.changedRows > 0 else { throw .listNotFound(UUIDText.string(id)) }
    }
  }

  /// Calls `body` with every entry of the list, in order, without loading the list.
  ///
  /// `body` runs inside a read transaction and must not call the store.
  /// - Complexity: O(n), O(1) memory.
  public func forEachEntry(in id: UUID, _ body: (Entry) -> Void) throws(StoreError) {
    try read { () throws(StoreError) in try forEachEntry(of: try stored(id), body) }
  }

  /// The first `limit` entries of the list, in order: one indexed query that reads only those
  /// rows, however long the list.
  /// - Complexity: O(limit + log n).
  public func firstEntries(in id: UUID, limit: Int) throws(StoreError) -> [Entry] {
    try read { () throws(StoreError) in
      let list = try stored(id)
      let statement = try database.statement(
        "SELECT \(Self.entryColumns) FROM entries WHERE list = ? ORDER BY key LIMIT ?")
      try statement.bind([.integer(list.row), .integer(Int64(max(limit, 0)))])
      var entries: [Entry] = []
      while try statement.step() { entries.append(try entry(statement)) }
      return entries
    }
  }

  // MARK: Internals

  /// The list with this id.
  func stored(_ id: UUID) throws(StoreError) -> StoredList {
    let statement = try database.statement(
      "SELECT \(StoredList.columns) FROM lists WHERE uuid = ?")
    try statement.bind([.text(UUIDText.string(id))])
    guard try statement.step() else { throw .listNotFound(UUIDText.string(id)) }
    return try StoredList(statement)
  }

  /// Inserts an empty list's row; a SQLite file has no teams, so `team` is always `nil`.
  /// - Throws: ``StoreError/constraint(_:)`` when another list has the title.
  package func insertList(id: UUID, title: String, rule: Rule, created: Date, team: String?)
    throws(StoreError)
  {
    try database.run(
      "INSERT INTO lists (uuid, title, rule, pattern, created) VALUES (?, ?, ?, ?, ?)",
      .text(UUIDText.string(id)), .text(title), .text(rule.kind.rawValue),
      rule.pattern.map(SQLValue.text) ?? .null, .real(created.timeIntervalSinceReferenceDate))
  }

  /// The list's entry count, as the store keeps it. O(1).
  func count(_ row: Int64) throws(StoreError) -> Int {
    Int(try database.integer("SELECT size FROM lists WHERE id = ?", .integer(row)) ?? 0)
  }

  /// Adds `change` to the list's kept entry count.
  package func adjustCount(of list: StoredList, by change: Int) throws(StoreError) {
    guard change != 0 else { return }
    try database.run(
      "UPDATE lists SET size = size + ? WHERE id = ?", .integer(Int64(change)),
      .integer(list.row))
  }

  package func categories(of list: StoredList) throws(StoreError) -> [EntryCategory] {
    let statement = try database.statement(
      "SELECT name, color FROM categories WHERE list = ? ORDER BY position")
    try statement.bind([.integer(list.row)])
    var result: [EntryCategory] = []
    while try statement.step() {
      let name = statement.text(0) ?? ""
      result.append(EntryCategory(name: name, color: CategoryColor(hex: statement.text(1) ?? "")))
    }
    return result
  }

  package func allEntries(of list: StoredList) throws(StoreError) -> [Entry] {
    var entries: [Entry] = []
    try forEachEntry(of: list) { entries.append($0) }
    return entries
  }

  func forEachEntry(of list: StoredList, _ body: (Entry) -> Void) throws(StoreError) {
    let statement = try database.statement(
      "SELECT \(Self.entryColumns) FROM entries WHERE list = ? ORDER BY key")
    try statement.bind([.integer(list.row)])
    while try statement.step() {
      body(try entry(statement))
    }
  }

  /// The entry columns ``entry(_:)`` reads, in order.
  static let entryColumns = "id, text, category, created, updated"

  /// An entry from a row selected with ``entryColumns``, starting at column `first`.
  func entry(_ statement: Statement, from first: Int32 = 0) throws(StoreError) -> Entry {
    guard let id = statement.entryID(first) else {
      throw .database("An entry in the database has a malformed id.")
    }
    return Entry(
      id: id, text: statement.text(first + 1) ?? "", category: statement.text(first + 2),
      created: Date(timeIntervalSinceReferenceDate: statement.real(first + 3)),
      updated: Date(timeIntervalSinceReferenceDate: statement.real(first + 4)))
  }
}
