public import Foundation
public import RosterBackend
public import RosterKit

/// A machine's replica of a shared server's lists in one SQLite file
/// (``RosterBackend/DatabaseLocation/replicaPath(environment:)``): the lists, entries and
/// categories as a Roster database holds them, a cursor per list, the outbox of actions waiting
/// to be sent, and the changes the server refused.
///
/// Every process of the user on the machine opens the same file and shares it through SQLite's
/// locking; each connection has a writer identity of its own, so an app window reading
/// ``lists`` sees what another connection's sync applied as news in its change log.
///
/// ```swift
/// let replica = try SQLiteReplica(path: location.replicaPath(environment: environment))
/// try replica.apply(try server.loggedChanges(in: id, since: cursors[id]!), to: id)
/// ```
public final class SQLiteReplica: ReplicaStorage {
  /// The replica's lists, as a Roster database.
  public let store: SQLiteStore
  /// The actions waiting to be sent, in the same file.
  public let queue: SQLiteOutbox

  /// Opens the replica at `path`, creating the file (0600) and its folder (0700) when missing.
  /// - Parameters:
  ///   - path: The replica's file.
  ///   - writerID: This connection's identity in the replica's change log.
  /// - Throws: ``RosterBackend/StoreError/database(_:)`` when the file cannot be opened.
  public init(path: String, writerID: UUID = UUID()) throws(StoreError) {
    store = try SQLiteStore(path: path, configuration: .replica, writerID: writerID)
    queue = try SQLiteOutbox(path: path)
    try store.withRetry { () throws(StoreError) in
      try store.database.execute(
        """
        CREATE TABLE IF NOT EXISTS replica_cursors (
          list TEXT PRIMARY KEY,
          position INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS replica_attendance_marks (
          list TEXT PRIMARY KEY,
          mark INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS replica_facts (
          name TEXT PRIMARY KEY,
          value
        ) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS replica_rejected (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          operation TEXT NOT NULL,
          list TEXT NOT NULL,
          list_title TEXT,
          entry_text TEXT,
          reason TEXT NOT NULL,
          at REAL NOT NULL
        );
        """)
    }
  }

  /// Lists at least this long, fetched into a replica holding fewer entries, have their id
  /// index built once after their rows rather than row by row.
  static let deferredIndexThreshold = 50_000

  /// Opens the replica of the server `location` names, at its place in the user's state folder
  /// (``RosterBackend/DatabaseLocation/replicaPath(environment:)``), after moving into it the
  /// outbox file an older Roster kept beside the default database, so that nothing waiting is
  /// lost.
  /// - Parameters:
  ///   - location: A PostgreSQL database.
  ///   - environment: The variables that locate the replica and the old outbox.
  /// - Throws: ``RosterBackend/StoreError/database(_:)`` when a file cannot be opened.
  public convenience init(of location: DatabaseLocation, environment: [String: String])
    throws(StoreError)
  {
    try self.init(path: location.replicaPath(environment: environment))
    try queue.takeOver(from: location.outboxPath(environment: environment))
  }

  /// The lists, for reading.
  public var lists: any RosterStorage { store }
  /// The outbox.
  public var outbox: any OperationOutbox { queue }

  /// Each list's cursor. O(l).
  public func cursors() throws(StoreError) -> [UUID: Int64] {
    try store.read { () throws(StoreError) in try storedCursors() }
  }

  private func storedCursors() throws(StoreError) -> [UUID: Int64] {
    let statement = try store.database.statement("SELECT list, position FROM replica_cursors")
    var result: [UUID: Int64] = [:]
    while try statement.step() {
      if let id = statement.uuid(0) { result[id] = statement.integer(1) }
    }
    return result
  }

  private func cursor(of list: UUID) throws(StoreError) -> Int64? {
    try store.database.integer(
      "SELECT position FROM replica_cursors WHERE list = ?", .text(UUIDText.string(list)))
  }

  private func setCursor(_ position: Int64, of list: UUID) throws(StoreError) {
    try store.database.run(
      "INSERT OR REPLACE INTO replica_cursors (list, position) VALUES (?, ?)",
      .text(UUIDText.string(list)), .integer(position))
  }

  /// Replaces the list with the server's copy at `position`, in one transaction. A list the
  /// replica held before is removed first, with its change log, so that a window following it
  /// reloads it (its next read of the log says ``RosterBackend/StoreError/reloadRequired``).
  /// A replica list still holding the same title (the server swapped two titles) is renamed
  /// aside until its own sync. O(n).
  public func adopt(_ list: RosterList, position: Int64) throws(StoreError) {
    // As a bulk import does: a page cache that holds the indexes, and for a list as big as
    // everything the replica holds, the id index built once at the end in one sorted pass.
    // (Foreign keys stay on: deleting the list's old row must take its rows with it.)
    try store.write { () throws(StoreError) in
      try store.database.execute("PRAGMA cache_size = -262144")
      let held = try store.database.integer("SELECT SUM(size) FROM lists") ?? 0
      let rebuildIndex = list.count >= Self.deferredIndexThreshold && Int64(list.count) >= held
      if rebuildIndex {
        store.database.resetAll()
        try store.database.execute("DROP INDEX entries_by_id")
      }
      let id = UUIDText.string(list.id)
      let before = try store.database.integer("SELECT id FROM lists WHERE uuid = ?", .text(id))
      try store.database.run("DELETE FROM lists WHERE uuid = ?", .text(id))
      // Its attendance went with it: mirrored again from the start at the next pull.
      try store.database.run("DELETE FROM replica_attendance_marks WHERE list = ?", .text(id))
      try store.database.run(
        "UPDATE lists SET title = title || ' ' || uuid WHERE title = ?", .text(list.title))
      try store.insertList(
        id: list.id, title: list.title, rule: list.rule, created: store.now(), team: nil)
      let stored = try store.stored(list.id)
      try store.setKeepSorted(list.keepSorted, of: stored)
      try store.replaceCategories(with: list.categories, in: stored)
      var key: Int64 = 0
      for entry in list.entries {
        key += OrderKey.gap
        try store.insert(entry, key: key, in: stored)
      }
      try store.adjustCount(of: stored, by: list.count)
      if rebuildIndex {
        store.database.resetAll()
        try store.database.execute(Schema.entriesByID)
      }
      // A list seen before: its followers read past their position into a reload marker.
      if before != nil { try store.log(nil, in: stored) }
      try setCursor(position, of: list.id)
    }
  }

  /// Applies the logged actions past the list's cursor and moves the cursor, in one
  /// transaction. O(k log n) for k edits.
  @discardableResult
  public func apply(_ changes: [LoggedChange], to list: UUID) throws(StoreError) -> Bool {
    guard let last = changes.last else { return false }
    return try store.write { () throws(StoreError) in
      guard let cursor = try cursor(of: list) else {
        throw .listNotFound(UUIDText.string(list))
      }
      guard last.position > cursor else { return false }
      let stored = try store.stored(list)
      for change in changes where change.position > cursor {
        var edits = change.edits
        // A title another replica list still holds (a swap whose other half comes later)
        // is renamed aside first.
        for edit in edits {
          if case .title(_, let new) = edit {
            try store.database.run(
              "UPDATE lists SET title = title || ' ' || uuid WHERE title = ? AND uuid <> ?",
              .text(new), .text(UUIDText.string(list)))
          }
        }
        edits = try store.apply(edits, in: try store.stored(list))
        try store.log(edits, in: stored)
      }
      try setCursor(last.position, of: list)
      return true
    }
  }

  /// Removes a list and its cursor.
  public func drop(_ list: UUID) throws(StoreError) {
    try store.write { () throws(StoreError) in
      let id = UUIDText.string(list)
      try store.database.run("DELETE FROM lists WHERE uuid = ?", .text(id))
      try store.database.run("DELETE FROM replica_cursors WHERE list = ?", .text(id))
      try store.database.run("DELETE FROM replica_attendance_marks WHERE list = ?", .text(id))
    }
  }

  /// The newest change-log position and outbox place. O(1).
  public func signature() throws(StoreError) -> (log: Int64, outbox: Int64) {
    try store.read { () throws(StoreError) in
      let log = try store.database.integer("SELECT max(position) FROM changes") ?? 0
      let outbox =
        try store.database.integer("SELECT seq FROM sqlite_sequence WHERE name = 'outbox'") ?? 0
      return (log, outbox)
    }
  }

  /// When the replica was last in step with the server.
  public func lastSync() throws(StoreError) -> Date? {
    let statement = try store.database.statement(
      "SELECT value FROM replica_facts WHERE name = 'last_sync'")
    defer { statement.reset() }
    guard try statement.step() else { return nil }
    return Date(timeIntervalSinceReferenceDate: statement.real(0))
  }

  /// Notes the time of a sync.
  public func markSynced(at date: Date) throws(StoreError) {
    try store.write { () throws(StoreError) in
      try store.database.run(
        "INSERT OR REPLACE INTO replica_facts (name, value) VALUES ('last_sync', ?)",
        .real(date.timeIntervalSinceReferenceDate))
    }
  }

  /// Keeps a refused change, naming its list's title as the replica knows it.
  public func keepRejected(_ change: RejectedChange) throws(StoreError) {
    try store.write { () throws(StoreError) in
      let title = try? store.stored(change.list).title
      try store.database.run(
        "INSERT INTO replica_rejected (operation, list, list_title, entry_text, reason, at)"
          + " VALUES (?, ?, ?, ?, ?, ?)",
        .text(change.operation.uuidString), .text(UUIDText.string(change.list)),
        (change.listTitle ?? title).map(SQLValue.text) ?? .null,
        change.entryText.map(SQLValue.text) ?? .null, .text(change.reason),
        .real(change.at.timeIntervalSinceReferenceDate))
    }
  }

  /// The refused changes, oldest first. O(r).
  public func rejected() throws(StoreError) -> [RejectedChange] {
    try store.read { () throws(StoreError) in
      let statement = try store.database.statement(
        "SELECT operation, list, list_title, entry_text, reason, at FROM replica_rejected"
          + " ORDER BY seq")
      var result: [RejectedChange] = []
      while try statement.step() {
        guard let operation = statement.text(0).flatMap(UUID.init(uuidString:)),
          let list = statement.uuid(1)
        else { continue }
        result.append(
          RejectedChange(
            operation: operation, list: list, listTitle: statement.text(2),
            entryText: statement.text(3), reason: statement.text(4) ?? "",
            at: Date(timeIntervalSinceReferenceDate: statement.real(5))))
      }
      return result
    }
  }
}
