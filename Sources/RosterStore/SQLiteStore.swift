public import Foundation
public import RosterBackend
public import RosterKit

/// Lists kept in one SQLite file, shared safely by several processes.
///
/// ```swift
/// let store = try SQLiteStore(path: SQLiteStore.defaultPath())
/// let guests = try store.createList(title: "Guests", rule: .personalName)
/// let list = try store.loadList(guests.id)
/// list.addObserver { change in try? store.record(change, in: list.id) }
/// try list.append("Anna Lindqvist")        // stored in one transaction
/// ```
///
/// Every action is one `BEGIN IMMEDIATE` transaction; the file is in WAL mode with a busy timeout,
/// and a busy `BEGIN` is retried, so ordinary contention between processes waits instead of
/// failing. Entries are ordered by integer keys with gaps (see `OrderKey`), so an insert,
/// remove or move writes O(1) rows whatever the list's length.
public final class SQLiteStore: RosterStorage {
  /// This connection's identity in the change log: ``changes(in:since:)`` skips its own edits.
  public let writerID: UUID
  /// The database file.
  public let path: String

  let database: Database
  package let now: @Sendable () -> Date
  package let makeID: @Sendable () -> UUID
  /// Makes the collation of a locale, for placing entries in a list kept sorted
  /// (``RosterBackend/CommandStorage/collationProvider``); Unicode scalar order when `nil`.
  public var collationProvider: ((String) -> any Collating)?
  /// Reads the JSON history rows that schema 4 and earlier wrote.
  let decoder = JSONDecoder()
  private var dataVersion: Int64 = 0

  /// How many actions each list keeps for undo.
  public static let undoLimit = 100
  /// How many change-log rows each list keeps for ``changes(in:since:)``.
  public static let changeLogLimit = 1_000
  /// The largest action whose edits are logged and undoable; bigger imports are neither.
  public static let loggedEditLimit = 10_000
  /// The page size of a new database file, in bytes: a commit writes each page it changed to
  /// the WAL once and the checkpoint copies it once more, one system call each, so 16 KiB pages
  /// make a bulk import's commit a quarter of the calls of SQLite's default 4 KiB, for a few
  /// more bytes per small commit. Existing files keep theirs.
  static let pageSize = 16_384

  /// Opens the database at `path`, creating it (mode 0600, in a folder made with mode 0700) and
  /// migrating its schema as needed.
  ///
  /// Every action is durable once it returns: the write-ahead log is synced at each commit
  /// (`PRAGMA synchronous = FULL`), so a power cut cannot take back an acknowledged edit
  /// (docs/reliability.md, “Power cuts”).
  /// - Parameters:
  ///   - path: The database file.
  ///   - now: The clock for new entries; inject a fixed one in tests.
  ///   - makeID: Makes ids for new entries and lists; by default RosterKit's fast random
  ///     version 4 generator.
  ///   - writerID: This connection's identity in the change log and the undo history: two
  ///     connections of one window share one, so that each reads only the other writers'
  ///     changes as news and joins its own typing steps. A fresh random one by default, not
  ///     `makeID`'s: it must differ from every other connection's, whatever ids tests inject.
  /// - Throws: ``StoreError/database(_:)`` when the file cannot be opened or is not a database.
  public convenience init(
    path: String,
    now: @escaping @Sendable () -> Date = { Date() },
    makeID: (@Sendable () -> UUID)? = nil,
    writerID: UUID = UUID()
  ) throws(StoreError) {
    try self.init(
      path: path, configuration: .default, now: now, makeID: makeID, writerID: writerID)
  }

  /// Opens the database at `path` as ``init(path:now:makeID:)`` does, with `configuration`'s
  /// VFS and sync level: for tests.
  init(
    path: String,
    configuration: Configuration,
    now: @escaping @Sendable () -> Date = { Date() },
    makeID: (@Sendable () -> UUID)? = nil,
    writerID: UUID = UUID()
  ) throws(StoreError) {
    self.path = path
    self.now = now
    self.makeID = makeID ?? { UUIDGenerator.shared.make() }
    self.writerID = writerID
    try Self.prepareFile(at: path)
    database = try Database(path: path, vfs: configuration.vfs)
    do throws(StoreError) {
      try database.execute("PRAGMA busy_timeout = 10000")
      try database.execute("PRAGMA foreign_keys = ON")
      if try database.integer("PRAGMA user_version") == 0 {
        // Switching to WAL takes an exclusive lock: do it only on a new file. The page size
        // only takes on a file without tables, so before WAL too (see ``pageSize``).
        try withRetry { () throws(StoreError) in
          try database.execute("PRAGMA page_size = \(Self.pageSize)")
          try database.execute("PRAGMA journal_mode = WAL")
        }
      }
      // FULL: one WAL sync per commit, so what returned survives a power cut. `fullfsync`
      // makes that sync reach the platter on Apple platforms (F_FULLFSYNC); elsewhere it is
      // ignored.
      try database.execute("PRAGMA synchronous = \(configuration.synchronous.rawValue)")
      try database.execute("PRAGMA fullfsync = ON")
      try withRetry { () throws(StoreError) in try Schema.migrate(database) }
      dataVersion = try database.integer("PRAGMA data_version") ?? 0
    } catch .database(let message) {
      throw .database("Cannot use \(path) as a Roster database: \(message)")
    }
  }

  /// The database file Roster uses when no `--db` is given: `$ROSTER_DB`, else
  /// `$XDG_DATA_HOME/roster/roster.sqlite3`, else `~/.local/share/roster/roster.sqlite3`, as
  /// ``DatabaseLocation`` resolves it.
  public static func defaultPath(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    DatabaseLocation(option: nil, environment: environment).path
  }

  /// Creates the file's folder (0700) and the file itself (0600) when they are missing, so the
  /// database is private from the first byte.
  private static func prepareFile(at path: String) throws(StoreError) {
    let manager = FileManager.default
    let folder = (path as NSString).deletingLastPathComponent
    do {
      if !folder.isEmpty, !manager.fileExists(atPath: folder) {
        try manager.createDirectory(
          atPath: folder, withIntermediateDirectories: true,
          attributes: [.posixPermissions: 0o700])
      }
    } catch {
      throw .database("Cannot create the folder \(folder) for the database.")
    }
    if !manager.fileExists(atPath: path) {
      guard manager.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
      else { throw .database("Cannot create the database file \(path).") }
    }
  }

  // MARK: Transactions

  /// Runs `body` again while the database reports busy, backing off, for up to about a minute.
  func withRetry<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
    var delay: useconds_t = 1_000
    // A duration, not a time of the data: the monotonic clock, not the injected `now`.
    let deadline = ContinuousClock.now.advanced(by: .seconds(60))
    while true {
      do {
        return try body()
      } catch .busy where ContinuousClock.now < deadline {
        usleep(delay + useconds_t.random(in: 0...delay))
        delay = min(delay * 2, 100_000)
      }
    }
  }

  /// Runs `body` in one write transaction (`BEGIN IMMEDIATE`, retried while busy); rolls back
  /// when it throws.
  package func write<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
    try withRetry { () throws(StoreError) in try database.execute("BEGIN IMMEDIATE") }
    return try finish(body)
  }

  /// Runs `body` in one read transaction, so everything it reads is one snapshot.
  package func read<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
    try database.execute("BEGIN")
    return try finish(body)
  }

  private func finish<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
    do {
      let result = try body()
      database.resetAll()
      try database.execute("COMMIT")
      return result
    } catch {
      database.resetAll()
      if database.inTransaction { try? database.execute("ROLLBACK") }
      throw error
    }
  }

  // MARK: RosterStorage

  /// Every process and connection on the file shares the lists, the change log (the last
  /// ``changeLogLimit`` changes per list) and undo and redo.
  public var capabilities: StorageCapabilities {
    StorageCapabilities(
      sharedAccess: true, sharedHistory: true, changeLogLimit: Self.changeLogLimit)
  }

  /// Whether another connection committed since the last call: `PRAGMA data_version`, which
  /// reads no data.
  public func hasExternalChanges() throws(StoreError) -> Bool {
    let version = try database.integer("PRAGMA data_version") ?? 0
    defer { dataVersion = version }
    return version != dataVersion
  }

  /// Runs `PRAGMA integrity_check` and returns its first line: `ok` for a sound file.
  public func integrityCheck() throws(StoreError) -> String {
    try read { () throws(StoreError) in
      let statement = try database.statement("PRAGMA integrity_check")
      return try statement.step() ? statement.text(0) ?? "" : ""
    }
  }
}
