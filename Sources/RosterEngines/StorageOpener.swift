import Foundation
public import RosterBackend
import RosterPostgres
import RosterStore
import RosterSync

/// Opens the database a ``RosterBackend/DatabaseLocation`` names in its engine: a SQLite file
/// (`SQLiteStore`) or a PostgreSQL database (`PostgresStore`). The one opener every front end
/// shares, so `--db` and `ROSTER_DB` mean the same everywhere.
///
/// ```swift
/// let store = try StorageOpener.open(DatabaseLocation(option: "postgresql://anna@db/roster"))
/// ```
public enum StorageOpener {
  /// Opens the database.
  /// - Throws: ``RosterBackend/StoreError/database(_:)`` when it cannot be opened or reached
  ///   (PostgreSQL messages name host and port, never a password), or
  ///   ``RosterBackend/StoreError/newerSchema(_:)``.
  public static func open(
    _ location: DatabaseLocation, environment: [String: String]
  ) throws(StoreError) -> any CommandStorage {
    switch location.engine {
    case .sqlite(let path): try SQLiteStore(path: path)
    case .postgres(let conninfo): try PostgresStore(conninfo: conninfo, environment: environment)
    }
  }

  /// Opens the database for an app window, which must never wait on the disk or the network:
  /// a SQLite file as a `WriteBehindStorage` (reads on the calling thread's connection, every
  /// action stored in order by a writing thread), a PostgreSQL database as a `SharedStorage`
  /// over this machine's replica (`SQLiteReplica`, in the user's state folder; actions wait in
  /// its outbox, sent and pulled by a thread of their own). Both are
  /// ``RosterBackend/DeferredWriting`` or report their state to the window.
  /// - Parameters:
  ///   - location: The database.
  ///   - environment: The variables that locate the default database, the replica and libpq's
  ///     settings.
  ///   - progress: Hears of each list a first sync fetches whole.
  /// - Returns: The storage for the window.
  /// - Throws: ``RosterBackend/StoreError`` when the file cannot be opened, or the replica was
  ///   never synced and the server cannot be reached.
  public static func openForWindow(
    _ location: DatabaseLocation, environment: [String: String],
    progress: (ListSummary) -> Void = { _ in }
  ) throws -> any RosterStorage {
    switch location.engine {
    case .sqlite(let path):
      let writerID = UUID()
      return WriteBehindStorage(
        reader: try SQLiteStore(path: path, writerID: writerID),
        writer: try SQLiteStore(path: path, writerID: writerID))
    case .postgres(let conninfo):
      let replica = try SQLiteReplica(of: location, environment: environment)
      let writerID = UUID()
      return try SharedStorage(
        open: {
          try SharedConnections.open(
            conninfo: conninfo, writerID: writerID, environment: environment)
        },
        replica: replica, sendingReplica: try SQLiteReplica(path: replica.store.path),
        progress: progress)
    }
  }

  /// Creates or migrates the database's schema, as `roster db init` does: a SQLite file is
  /// brought up to date whenever it is opened; a PostgreSQL database only here, by its owner.
  /// - Returns: What was done, for a front end to word.
  public static func initialize(
    _ location: DatabaseLocation, environment: [String: String]
  ) throws(StoreError) -> DatabaseInitialization {
    switch location.engine {
    case .sqlite(let path):
      _ = try SQLiteStore(path: path)
      return .sqliteReady(path: path)
    case .postgres(let conninfo):
      let (before, after) = try PostgresStore.initializeSchema(
        conninfo: conninfo, environment: environment)
      let store = try PostgresStore(conninfo: conninfo, environment: environment)
      let place = store.serverPlace
      if before == after { return .postgresCurrent(place: place, version: after) }
      return before == 0
        ? .postgresCreated(place: place, version: after)
        : .postgresMigrated(place: place, version: after)
    }
  }
}
