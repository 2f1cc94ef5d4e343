import Foundation
package import RosterBackend
package import RosterKit

/// The change log other connections follow, and the undo history each role keeps per list.
extension PostgresStore {
  // MARK: Internals

  /// The list's sequence number as the transaction read it.
  package func logPosition(of list: PostgresList) throws(StoreError) -> Int64 { list.seq }

  /// Bumps the list's sequence number (its row is locked by this transaction), appends the
  /// change-log row under it (`nil` edits: too many to log, readers reload), prunes the log to
  /// its last ``changeLogLimit`` rows and signals the commit with a NOTIFY of ids and numbers.
  @discardableResult
  package func log(_ edits: [ListEdit]?, in list: PostgresList) throws(StoreError) -> Int64 {
    let seq = try run("UPDATE lists SET seq = seq + 1 WHERE id = $1 RETURNING seq", [list.key])
      .integer(0, 0)
    pendingChanges += 1
    try run(
      "INSERT INTO changes (list, seq, writer, edits) VALUES ($1, $2, $3, decode($4, 'hex'))",
      [list.key, String(seq), UUIDText.string(writerID), edits.map(encode)])
    let cut = seq - Int64(Self.changeLogLimit)
    if cut > 0 {
      try run("DELETE FROM changes WHERE list = $1 AND seq <= $2", [list.key, String(cut)])
      try run(
        "UPDATE lists SET pruned = greatest(pruned, $1) WHERE id = $2", [String(cut), list.key])
    }
    if seq % 256 == 0 {
      try run("DELETE FROM operations WHERE done < now() - interval '1 day'")
    }
    try notify(list.id, seq: seq)
    return seq
  }

  /// Sends `LIST-UUID SEQ` on the channel; delivered when the transaction commits.
  func notify(_ list: UUID, seq: Int64) throws(StoreError) {
    try run("SELECT pg_notify($1, $2)", [Self.channel, "\(UUIDText.string(list)) \(seq)"])
  }

  /// Forgets the role's undo and redo steps in the list (after an action too large to undo).
  package func clearHistory(of list: PostgresList) throws(StoreError) {
    try run("DELETE FROM history WHERE list = $1 AND role = current_user", [list.key])
  }

  /// An action's edits as a `history` or `changes` parameter: ``EditCoding``'s bytes in hex,
  /// for `decode($n, 'hex')` (schema 3).
  /// - Complexity: O(k + m) for k edits with m bytes of text.
  func encode(_ edits: [ListEdit]) -> String {
    HexBytes.text(StoredEdits.encode(edits))
  }

  /// Reads a `history` or `changes` column selected as `encode(edits, 'hex')`:
  /// ``EditCoding``'s bytes, or the JSON text that schema 2 and earlier wrote (kept as its
  /// UTF-8 bytes by the migration to schema 3).
  /// - Throws: ``StoreError/database(_:)`` when the row is neither.
  /// - Complexity: O(k + m) for k edits with m bytes of text.
  package func decode(_ hex: String) throws(StoreError) -> [ListEdit] {
    guard let data = HexBytes.bytes(hex) else {
      throw .database("A change in the database is unreadable: it is not hex.")
    }
    return try StoredEdits.decode(data)
  }
}

/// The change log's and the role's undo stacks' statements; recording, undo and redo themselves are RosterBackend's
/// (``EntryHistoryStore``), shared with `SQLiteStore`.
extension PostgresStore: EntryHistoryStore {
  package func loggedRows(after since: Int64, in list: PostgresList) throws(StoreError) -> [(
    position: Int64, writer: String, edits: String?
  )] {
    guard since >= list.pruned else { throw .reloadRequired }
    let result = try run(
      "SELECT seq, writer, encode(edits, 'hex') FROM changes WHERE list = $1 AND seq > $2"
        + " ORDER BY seq",
      [list.key, String(since)])
    return (0..<result.count).map { row in
      (result.integer(row, 0), result.text(row, 1) ?? "", result.text(row, 2))
    }
  }

  package func topStep(of stack: HistoryStack, in list: PostgresList, writtenBy writer: String?)
    throws(StoreError) -> (step: Int64, writer: String, edits: String)?
  {
    let result =
      if let writer {
        try run(
          "SELECT step, writer, encode(edits, 'hex') FROM history WHERE list = $1"
            + " AND role = current_user AND stack = $2 AND writer = $3"
            + " ORDER BY step DESC LIMIT 1", [list.key, String(stack.rawValue), writer])
      } else {
        try run(
          "SELECT step, writer, encode(edits, 'hex') FROM history WHERE list = $1"
            + " AND role = current_user"
            + " AND stack = $2 ORDER BY step DESC LIMIT 1", [list.key, String(stack.rawValue)])
      }
    guard result.count == 1 else { return nil }
    return (result.integer(0, 0), result.text(0, 1) ?? "", result.text(0, 2) ?? "")
  }

  package func appendStep(_ edits: [ListEdit], to stack: HistoryStack, in list: PostgresList)
    throws(StoreError)
  {
    let stack = String(stack.rawValue)
    try run(
      "INSERT INTO history (list, stack, writer, edits) VALUES ($1, $2, $3, decode($4, 'hex'))",
      [list.key, stack, UUIDText.string(writerID), encode(edits)])
    try run(
      "DELETE FROM history WHERE list = $1 AND role = current_user AND stack = $2"
        + " AND step <= (SELECT step FROM history WHERE list = $1 AND role = current_user"
        + " AND stack = $2 ORDER BY step DESC LIMIT 1 OFFSET $3)",
      [list.key, stack, String(Self.undoLimit)])
  }

  package func replaceStep(_ step: Int64, with edits: [ListEdit]) throws(StoreError) {
    try run(
      "UPDATE history SET edits = decode($1, 'hex') WHERE step = $2", [encode(edits), String(step)])
  }

  package func deleteStep(_ step: Int64) throws(StoreError) {
    try run("DELETE FROM history WHERE step = $1", [String(step)])
  }

  package func clearStack(_ stack: HistoryStack, in list: PostgresList) throws(StoreError) {
    try run(
      "DELETE FROM history WHERE list = $1 AND role = current_user AND stack = $2",
      [list.key, String(stack.rawValue)])
  }
}
