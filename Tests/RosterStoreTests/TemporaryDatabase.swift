import Foundation

/// A database path in a fresh temporary folder, removed with the value.
final class TemporaryDatabase {
  let folder: URL
  var path: String { folder.appendingPathComponent("roster.sqlite3").path }

  init() {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("roster-store-tests-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: folder) }
}
