package import Foundation
package import RosterBackend
package import RosterKit

/// The change log other connections follow, and the undo history kept with each list.
extension SQLiteStore {
  // MARK: Internals

  /// The newest change-log position of the list (0 when it has none).
  package func logPosition(of list: StoredList) throws(StoreError) -> Int64 {
    max(
      try database.integer("SELECT MAX(position) FROM changes WHERE list = ?", .integer(list.row))
        ?? 0, list.pruned)
  }

  /// Appends a change-log row (`nil` edits: too many to log, readers must reload; so is a
  /// change of ``bulkMoves`` edits or more, such as a sort) and prunes the list's log to its last
  /// ``changeLogLimit`` rows.
  @discardableResult
  package func log(_ edits: [ListEdit]?, in list: StoredList) throws(StoreError) -> Int64 {
    var payload = SQLValue.null
    if let edits, edits.count < Self.bulkMoves { payload = encode(edits) }
    try database.run(
      "INSERT INTO changes (list, writer, edits) VALUES (?, ?, ?)", .integer(list.row),
      .text(UUIDText.string(writerID)), payload)
    let position = database.lastInsertedRowID
    if let cut = try database.integer(
      "SELECT position FROM changes WHERE list = ? ORDER BY position DESC LIMIT 1 OFFSET ?",
      .integer(list.row), .integer(Int64(Self.changeLogLimit)))
    {
      try database.run(
        "DELETE FROM changes WHERE list = ? AND position <= ?", .integer(list.row), .integer(cut))
      try database.run(
        "UPDATE lists SET pruned = max(pruned, ?) WHERE id = ?", .integer(cut), .integer(list.row))
    }
    return position
  }

  /// Forgets the list's undo and redo steps (after an action too large to undo).
  package func clearHistory(of list: StoredList) throws(StoreError) {
    try database.run("DELETE FROM history WHERE list = ?", .integer(list.row))
  }

  /// An action's edits as a `history` or `changes` row stores them: ``EditCoding``'s bytes
  /// (schema 5).
  /// - Complexity: O(k + m) for k edits with m bytes of text.
  func encode(_ edits: [ListEdit]) -> SQLValue {
    .bytes(StoredEdits.encode(edits))
  }

  /// Reads a `history` or `changes` row: ``EditCoding``'s bytes, or the JSON array that
  /// schema 4 and earlier wrote (``RosterBackend/StoredEdits/decode(_:)``).
  /// - Throws: ``StoreError/database(_:)`` when the row is neither.
  /// - Complexity: O(k + m) for k edits with m bytes of text.
  package func decode(_ data: Data) throws(StoreError) -> [ListEdit] {
    try StoredEdits.decode(data)
  }
}

/// The change log's and undo stacks' statements; recording, undo and redo themselves are RosterBackend's
/// (``EntryHistoryStore``), shared with `PostgresStore`.
extension SQLiteStore: EntryHistoryStore {
  package func loggedRows(after since: Int64, in list: StoredList) throws(StoreError) -> [(
    position: Int64, writer: String, edits: Data?
  )] {
    guard since >= list.pruned else { throw .reloadRequired }
    let statement = try database.statement(
      "SELECT position, writer, edits FROM changes WHERE list = ? AND position > ?"
        + " ORDER BY position")
    try statement.bind([.integer(list.row), .integer(since)])
    defer { statement.reset() }
    var rows: [(position: Int64, writer: String, edits: Data?)] = []
    while try statement.step() {
      rows.append((statement.integer(0), statement.text(1) ?? "", statement.blob(2)))
    }
    return rows
  }

  package func topStep(of stack: HistoryStack, in list: StoredList, writtenBy writer: String?)
    throws(StoreError) -> (step: Int64, writer: String, edits: Data)?
  {
    let statement: Statement
    if let writer {
      statement = try database.statement(
        "SELECT step, writer, edits FROM history WHERE list = ? AND stack = ? AND writer = ?"
          + " ORDER BY step DESC LIMIT 1")
      try statement.bind([.integer(list.row), .integer(stack.rawValue), .text(writer)])
    } else {
      statement = try database.statement(
        "SELECT step, writer, edits FROM history WHERE list = ? AND stack = ?"
          + " ORDER BY step DESC LIMIT 1")
      try statement.bind([.integer(list.row), .integer(stack.rawValue)])
    }
    guard try statement.step() else { return nil }
    return (statement.integer(0), statement.text(1) ?? "", statement.blob(2) ?? Data())
  }

  package func appendStep(_ edits: [ListEdit], to stack: HistoryStack, in list: StoredList)
    throws(StoreError)
  {
    try database.run(
      "INSERT INTO history (list, stack, writer, edits) VALUES (?, ?, ?, ?)", .integer(list.row),
      .integer(stack.rawValue), .text(UUIDText.string(writerID)), encode(edits))
    try database.run(
      "DELETE FROM history WHERE list = ?1 AND stack = ?2 AND step <= (SELECT step FROM history"
        + " WHERE list = ?1 AND stack = ?2 ORDER BY step DESC LIMIT 1 OFFSET ?3)",
      .integer(list.row), .integer(stack.rawValue), .integer(Int64(Self.undoLimit)))
  }

  package func replaceStep(_ step: Int64, with edits: [ListEdit]) throws(StoreError) {
    try database.run("UPDATE history SET edits = ? WHERE step = ?", encode(edits), .integer(step))
  }

  package func deleteStep(_ step: Int64) throws(StoreError) {
    try database.run("DELETE FROM history WHERE step = ?", .integer(step))
  }

  package func clearStack(_ stack: HistoryStack, in list: StoredList) throws(StoreError) {
    try database.run(
      "DELETE FROM history WHERE list = ? AND stack = ?", .integer(list.row),
      .integer(stack.rawValue))
  }
}
