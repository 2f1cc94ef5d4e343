public import RosterBackend
import RosterPostgres
import RosterStore

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
