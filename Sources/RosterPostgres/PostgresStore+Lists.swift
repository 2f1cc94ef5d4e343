public import Foundation
public import RosterBackend
public import RosterKit

extension PostgresStore {
  /// Every list the user may see, with its entry count, in creation order.
  /// - Complexity: O(l) in the number of lists.
  public func lists() throws(StoreError) -> [ListSummary] {
    try read { () throws(StoreError) in
      let result = try run("SELECT \(PostgresList.columns) FROM lists ORDER BY id")
      var summaries: [ListSummary] = []
      for index in 0..<result.count {
        summaries.append(try PostgresList(result, at: index).summary)
      }
      return summaries
    }
  }

  /// Every list's change-log position (`lists.seq`), of the lists the user may see: one query.
  /// O(l).
  public func listPositions() throws(StoreError) -> [UUID: Int64]? {
    try positions(of: "seq")
  }

  /// Every visible list's attendance mark, in one query: a hash of its attendance sequence
  /// number, its sessions (id and name, in order) and its statuses, which changes whenever
  /// any of them does. O(l + s + t).
  public func attendanceMarks() throws(StoreError) -> [UUID: Int64]? {
    try positions(
      of: """
        hashtextextended(attendance_seq::text
          || '|' || coalesce((SELECT string_agg(s.id::text || ':' || s.name, ',' ORDER BY
            s.position) FROM attendance_sessions s WHERE s.list = lists.id), '')
          || '|' || coalesce((SELECT string_agg(t.name || ':' || t.counts_as, ',' ORDER BY
            t.position) FROM attendance_statuses t WHERE t.list = lists.id), ''), 0)
        """)
  }

  /// One number per visible list (a column, or an expression over `lists`), by list.
  private func positions(of column: String) throws(StoreError) -> [UUID: Int64] {
    try read { () throws(StoreError) in
      let result = try run("SELECT uuid, \(column) FROM lists")
      var positions: [UUID: Int64] = [:]
      for index in 0..<result.count {
        if let id = result.uuid(index, 0) { positions[id] = result.integer(index, 1) }
      }
      return positions
    }
  }

  /// The list titled `title`, or `nil`, also when the user may not see it.
  /// - Complexity: O(log l).
  public func list(titled title: String) throws(StoreError) -> ListSummary? {
    try read { () throws(StoreError) in
      let result = try run(
        "SELECT \(PostgresList.columns) FROM lists WHERE title = $1", [title])
      return result.count == 0 ? nil : try PostgresList(result).summary
    }
  }

  /// Deletes a list and its entries, categories, change log and history.
  /// - Throws: ``StoreError/listNotFound(_:)``.
  public func deleteList(_ id: UUID) throws(StoreError) {
    try write { () throws(StoreError) in
      let list = try locked(id)
      try run("DELETE FROM lists WHERE id = $1", [list.key])
      try notify(list.id, seq: list.seq + 1)
    }
  }

  /// Calls `body` with every entry of the list, in order, without loading the list.
  /// - Complexity: O(n), O(1) memory.
  public func forEachEntry(in id: UUID, _ body: (Entry) -> Void) throws(StoreError) {
    try read { () throws(StoreError) in try copyEntries(of: try stored(id), body) }
  }

  /// The first `limit` entries of the list, in order.
  /// - Complexity: O(limit + log n).
  public func firstEntries(in id: UUID, limit: Int) throws(StoreError) -> [Entry] {
    try read { () throws(StoreError) in
      let list = try stored(id)
      let result = try run(
        "SELECT \(Self.entryColumns) FROM entries WHERE list = $1 ORDER BY key LIMIT $2",
        [list.key, String(max(limit, 0))])
      return try (0..<result.count).map { (row) throws(StoreError) in try entry(result, row) }
    }
  }

  // MARK: Internals

  /// The list with this id, as the user may see it.
  /// - Throws: ``StoreError/listNotFound(_:)``.
  func stored(_ id: UUID) throws(StoreError) -> PostgresList {
    let result = try run(
      "SELECT \(PostgresList.columns) FROM lists WHERE uuid = $1", [UUIDText.string(id)])
    guard result.count == 1 else { throw .listNotFound(UUIDText.string(id)) }
    return try PostgresList(result)
  }

  /// The list with this id, its row locked until the transaction ends: every writer of one
  /// list waits here, so sequence numbers are given out in commit order.
  func locked(_ id: UUID) throws(StoreError) -> PostgresList {
    let result = try run(
      "SELECT \(PostgresList.columns) FROM lists WHERE uuid = $1 FOR UPDATE",
      [UUIDText.string(id)])
    guard result.count == 1 else { throw .listNotFound(UUIDText.string(id)) }
    return try PostgresList(result)
  }

  /// Inserts an empty list's row, owned by the `team` role, or by the user's own role when
  /// `nil`.
  /// - Throws: ``StoreError/teamNotFound(_:)``, ``StoreError/notTeamMember(_:)``, or
  ///   ``StoreError/constraint(_:)`` when another list has the title.
  package func insertList(id: UUID, title: String, rule: Rule, created: Date, team: String?)
    throws(StoreError)
  {
    let role = try run(
      "SELECT oid, pg_has_role(current_user, oid, 'MEMBER') FROM pg_roles"
        + " WHERE rolname = coalesce($1, current_user)", [team])
    guard role.count == 1 else { throw .teamNotFound(team ?? "") }
    guard role.text(0, 1) == "t" else {
      throw .notTeamMember(team ?? "")
    }
    try run(
      "INSERT INTO lists (uuid, title, rule, pattern, created, team)"
        + " VALUES ($1, $2, $3, $4, $5, $6)",
      [
        UUIDText.string(id), title, rule.kind.rawValue, rule.pattern,
        String(created.timeIntervalSinceReferenceDate), role.text(0, 0),
      ])
  }

  /// Adds `change` to the list's kept entry count.
  package func adjustCount(of list: PostgresList, by change: Int) throws(StoreError) {
    guard change != 0 else { return }
    try run("UPDATE lists SET size = size + $1 WHERE id = $2", [String(change), list.key])
  }

  /// The list's entry count as the store keeps it now. O(1).
  func count(_ list: PostgresList) throws(StoreError) -> Int {
    Int(try run("SELECT size FROM lists WHERE id = $1", [list.key]).integer(0, 0))
  }

  package func categories(of list: PostgresList) throws(StoreError) -> [EntryCategory] {
    let result = try run(
      "SELECT name, color FROM categories WHERE list = $1 ORDER BY position", [list.key])
    return (0..<result.count).map { row in
      EntryCategory(
        name: result.text(row, 0) ?? "", color: CategoryColor(hex: result.text(row, 1) ?? ""))
    }
  }

  /// The entry columns ``entry(_:_:from:)`` reads, in order.
  static let entryColumns = "id, text, category, created, updated"

  /// An entry from a row selected with ``entryColumns``, starting at column `first`.
  func entry(_ result: QueryResult, _ row: Int, from first: Int = 0) throws(StoreError) -> Entry {
    guard let id = result.uuid(row, first) else {
      throw .database("An entry in the database has a malformed id.")
    }
    return Entry(
      id: id, text: result.text(row, first + 1) ?? "", category: result.text(row, first + 2),
      created: Date(timeIntervalSinceReferenceDate: result.real(row, first + 3)),
      updated: Date(timeIntervalSinceReferenceDate: result.real(row, first + 4)))
  }

  /// Every entry of the list, in order, read with one `COPY`. O(n).
  package func allEntries(of list: PostgresList) throws(StoreError) -> [Entry] {
    var entries: [Entry] = []
    entries.reserveCapacity(list.size)
    try copyEntries(of: list) { entries.append($0) }
    return entries
  }

  /// Streams the list's entries in order with one `COPY … TO STDOUT`.
  func copyEntries(of list: PostgresList, _ body: (Entry) -> Void) throws(StoreError) {
    do throws(PGFailure) {
      try connection.copyOut(
        "COPY (SELECT \(Self.entryColumns) FROM entries WHERE list = \(list.row) ORDER BY key)"
          + " TO STDOUT"
      ) { line throws(PGFailure) in
        guard let entry = CopyRow.entry(line) else {
          throw PGFailure(state: "XX000", message: "An entry in the database is malformed.")
        }
        body(entry)
      }
    } catch {
      lastFailure = error
      throw Self.storeError(error)
    }
  }
}
