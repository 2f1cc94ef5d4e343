public import Foundation
public import RosterBackend
import RosterKit

/// An app's outbox for a shared server, in a SQLite file of its own: actions made while the
/// server could not be reached, in order, with their operation ids, kept across restarts.
///
/// ```swift
/// let outbox = try SQLiteOutbox(path: location.outboxPath())
/// try outbox.append(PendingOperation(id: UUID(), list: list.id, change: change))
/// ```
///
/// Each call is one SQLite transaction (WAL, synchronous NORMAL); safe to call from one thread
/// at a time.
public final class SQLiteOutbox: OperationOutbox {
  let database: Database

  /// Opens the outbox at `path`, creating the file and its folder when missing.
  /// - Throws: ``RosterBackend/StoreError/database(_:)`` when the file cannot be opened.
  public init(path: String) throws(StoreError) {
    let folder = (path as NSString).deletingLastPathComponent
    if !folder.isEmpty {
      try? FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    }
    database = try Database(path: path)
    try database.execute(
      """
      PRAGMA busy_timeout = 2000;
      PRAGMA journal_mode = WAL;
      PRAGMA synchronous = NORMAL;
      CREATE TABLE IF NOT EXISTS outbox (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        list TEXT NOT NULL,
        origin TEXT NOT NULL,
        edits TEXT NOT NULL
      );
      CREATE TABLE IF NOT EXISTS attendance_outbox (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        list TEXT NOT NULL,
        session_name TEXT NOT NULL,
        events BLOB NOT NULL
      );
      """)
  }

  /// Adds an action at the end. O(1).
  /// - Returns: Its place (`seq`), greater than every place handed out before in this file.
  @discardableResult
  public func append(_ operation: PendingOperation) throws(StoreError) -> Int64 {
    try database.run(
      "INSERT INTO outbox (id, list, origin, edits) VALUES (?, ?, ?, ?)",
      .text(operation.id.uuidString), .text(operation.list.uuidString),
      .text(Self.name(of: operation.change)), .text(try Self.encoded(operation.change.edits)))
    return database.lastInsertedRowID
  }

  /// The oldest action, or `nil`. O(1).
  public func first() throws(StoreError) -> PendingOperation? {
    let statement = try database.statement(
      "SELECT id, list, origin, edits FROM outbox ORDER BY seq LIMIT 1")
    defer { statement.reset() }
    guard try statement.step() else { return nil }
    return try operation(statement)
  }

  /// The actions waiting for one list, oldest first. O(n) in the outbox.
  public func waiting(in list: UUID) throws(StoreError) -> [PendingOperation] {
    let statement = try database.statement(
      "SELECT id, list, origin, edits FROM outbox WHERE list = ? ORDER BY seq")
    defer { statement.reset() }
    try statement.bind([.text(list.uuidString)])
    var result: [PendingOperation] = []
    while try statement.step() { result.append(try operation(statement)) }
    return result
  }

  /// Moves every action of the outbox file at `path` (an older Roster's, beside the default
  /// database) to the end of this one, in order, and removes that file: nothing waiting is
  /// lost when the outbox moves into the replica. Actions already here are not added twice.
  public func takeOver(from path: String) throws(StoreError) {
    guard FileManager.default.fileExists(atPath: path) else { return }
    let old = try SQLiteOutbox(path: path)
    while let next = try old.first() {
      try database.run(
        "INSERT OR IGNORE INTO outbox (id, list, origin, edits) VALUES (?, ?, ?, ?)",
        .text(next.id.uuidString), .text(next.list.uuidString),
        .text(Self.name(of: next.change)), .text(try Self.encoded(next.change.edits)))
      try old.remove(next.id)
    }
    for suffix in ["", "-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: path + suffix)
    }
  }

  private func operation(_ statement: Statement) throws(StoreError) -> PendingOperation {
    guard let id = statement.text(0).flatMap(UUID.init(uuidString:)),
      let list = statement.text(1).flatMap(UUID.init(uuidString:)),
      let origin = statement.text(2).flatMap(Self.origin(named:)),
      let text = statement.text(3)
    else { throw .database("The outbox holds a damaged action.") }
    let edits: [ListEdit]
    do { edits = try JSONDecoder().decode([ListEdit].self, from: Data(text.utf8)) } catch {
      throw .database("The outbox holds a damaged action: \(error).")
    }
    let change = ListChange(
      origin: origin, edits: edits, joinsPreviousStep: statement.text(2) == "typing")
    return PendingOperation(id: id, list: list, change: change)
  }

  private static func encoded(_ edits: [ListEdit]) throws(StoreError) -> String {
    do { return String(decoding: try JSONEncoder().encode(edits), as: UTF8.self) } catch {
      throw .database("Cannot encode a change: \(error).")
    }
  }

  /// How many actions wait. O(n).
  public func count() throws(StoreError) -> Int {
    Int(try database.integer("SELECT count(*) FROM outbox") ?? 0)
  }

  /// Removes the action with this operation id. O(1).
  public func remove(_ id: UUID) throws(StoreError) {
    try database.run("DELETE FROM outbox WHERE id = ?", .text(id.uuidString))
  }

  /// The change's origin as the outbox stores it; an action that joins the undo step before
  /// it is a `typing` action.
  private static func name(of change: ListChange) -> String {
    switch change.origin {
    case .action: change.joinsPreviousStep ? "typing" : "action"
    case .undo: "undo"
    case .redo: "redo"
    case .external: "external"
    }
  }

  private static func origin(named name: String) -> ListChange.Origin? {
    switch name {
    case "action", "typing": .action
    case "undo": .undo
    case "redo": .redo
    case "external": .external
    default: nil
    }
  }
}
