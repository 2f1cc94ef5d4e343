/// What `roster db init` did to a database, as data, so that a front end can word it;
/// ``description`` is the English.
public enum DatabaseInitialization: Equatable, Sendable, CustomStringConvertible {
  /// A SQLite file, prepared when opened: it is ready.
  case sqliteReady(path: String)
  /// A PostgreSQL database (`place`: host and port) already at Roster's schema `version`.
  case postgresCurrent(place: String, version: Int)
  /// A PostgreSQL database that had no Roster schema and now has `version`.
  case postgresCreated(place: String, version: Int)
  /// A PostgreSQL database migrated from an older schema to `version`.
  case postgresMigrated(place: String, version: Int)

  /// One line for a person.
  public var description: String {
    switch self {
    case .sqliteReady(let path): "The SQLite database \(path) is ready."
    case .postgresCurrent(let place, let version):
      "The PostgreSQL database at \(place) already has Roster schema version \(version)."
    case .postgresCreated(let place, let version):
      "Created Roster schema version \(version) in the PostgreSQL database at \(place)."
    case .postgresMigrated(let place, let version):
      "Migrated to Roster schema version \(version) in the PostgreSQL database at \(place)."
    }
  }
}
