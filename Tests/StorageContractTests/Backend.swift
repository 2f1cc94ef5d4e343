import Foundation
import RosterBackend
import RosterPostgres
import RosterStore
import RosterTestSupport
import Testing

/// One storage engine under test: how to make an empty database of it and open instances on it.
///
/// Every contract test runs once per backend in ``all``: SQLite, memory and PostgreSQL. To add
/// one, write a ``StorageDatabase`` for it and add a ``Backend`` here; its declared
/// ``RosterBackend/StorageCapabilities`` decide which branch of each capability-dependent test
/// it must pass.
struct Backend: Sendable, CustomTestStringConvertible {
  /// The name shown in test results.
  let name: String
  /// Makes a new, empty database.
  let makeDatabase: @Sendable () throws -> any StorageDatabase

  var testDescription: String { name }

  /// Every backend the contract holds for.
  static let all: [Backend] = [.sqlite, .memory, .postgres]

  /// `SQLiteStore` on a file in a fresh temporary folder.
  static let sqlite = Backend(name: "SQLite") { SQLiteDatabase() }

  /// `PostgresStore` on a fresh database of the test server (`TemporaryPostgres`), one
  /// connection per instance.
  static let postgres = Backend(name: "PostgreSQL") { try PostgresDatabase() }

  /// `MemoryStorage`, the reference backend.
  static let memory = Backend(name: "memory") { MemoryDatabase() }
}

/// A database of one backend, for one test.
protocol StorageDatabase: AnyObject {
  /// Opens another instance on the database: another connection, as another process would.
  /// A backend without ``RosterBackend/StorageCapabilities/sharedAccess`` has one instance per
  /// database and hands out that one again.
  func open() throws -> any RosterStorage
}

/// A SQLite file in its own temporary folder, removed with the database.
final class SQLiteDatabase: StorageDatabase {
  private let file = TemporaryDatabase(prefix: "roster-contract")

  func open() throws -> any RosterStorage {
    try SQLiteStore(path: file.path)
  }
}

/// One `MemoryStorage.Database`: every `open()` is another connection on it, with its own
/// writer id, as another process would open a database file.
final class MemoryDatabase: StorageDatabase {
  private let database = MemoryStorage.Database()

  func open() throws -> any RosterStorage { MemoryStorage(database: database) }
}

/// A fresh database on the process's PostgreSQL test server, with Roster's schema.
final class PostgresDatabase: StorageDatabase {
  private let uri: String

  init() throws {
    uri = try TemporaryPostgres.shared().makeDatabase()
    _ = try PostgresStore.initializeSchema(conninfo: uri)
  }

  func open() throws -> any RosterStorage {
    try PostgresStore(conninfo: uri)
  }
}
