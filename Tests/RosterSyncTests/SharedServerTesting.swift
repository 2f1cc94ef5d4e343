import Foundation
import RosterBackend
import RosterEngines
import RosterSync
import RosterTestSupport

/// What the tests of a shared server's replica have in common.
enum SharedServerTesting {
  /// A fresh replica file in a folder of its own, not made yet.
  static func replicaPath() -> String {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("roster-replica-\(UUID().uuidString)/replica.sqlite3").path
  }

  /// A new database on `server` with Roster's schema, and its superuser's URI.
  static func database(on server: TemporaryPostgres) throws -> String {
    let uri = try server.makeDatabase()
    _ = try StorageOpener.initialize(DatabaseLocation(option: uri), environment: [:])
    return uri
  }

  /// Polls the storage as the window does (it reads what the sending thread saw) until
  /// `condition` holds, up to `seconds`; whether it held.
  static func poll(
    _ storage: SharedStorage, seconds: Double = 10, until condition: () -> Bool
  ) throws -> Bool {
    let deadline = Date(timeIntervalSinceNow: seconds)
    while Date() < deadline {
      _ = try storage.hasExternalChanges()
      if condition() { return true }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return false
  }
}
