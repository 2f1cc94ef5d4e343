import Foundation
import RosterBackend
import RosterStore
import Testing

/// One storage engine under test: how to make an empty database of it and open instances on it.
///
/// Every contract test runs once per backend in ``all``. To add one (PostgreSQL next), write a
/// ``StorageDatabase`` for it and add a ``Backend`` here; its declared
/// ``RosterBackend/StorageCapabilities`` decide which branch of each capability-dependent test
/// it must pass.
struct Backend: Sendable, CustomTestStringConvertible {
  /// The name shown in test results.
  let name: String
  /// Makes a new, empty database.
  let makeDatabase: @Sendable () throws -> any StorageDatabase

  var testDescription: String { name }

  /// Every backend the contract holds for.
  static let all: [Backend] = [.sqlite, .memory]

  /// `SQLiteStore` on a file in a fresh temporary folder.
  static let sqlite = Backend(name: "SQLite") { try SQLiteDatabase() }

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
  private let folder: URL

  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("roster-contract-\(UUID().uuidString)")
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  func open() throws -> any RosterStorage {
    try SQLiteStore(path: folder.appendingPathComponent("roster.sqlite3").path)
  }
}

/// One `MemoryStorage`: every `open()` is the same instance, as nothing else can share it.
final class MemoryDatabase: StorageDatabase {
  private let storage = MemoryStorage()

  func open() throws -> any RosterStorage { storage }
}
