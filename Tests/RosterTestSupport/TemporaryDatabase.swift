public import Foundation

/// A database path in a fresh temporary folder, removed with the value.
///
/// ```swift
/// let database = TemporaryDatabase()
/// let store = try SQLiteStore(path: database.path)
/// ```
public final class TemporaryDatabase: Sendable {
  /// The folder holding the database.
  public let folder: URL
  /// The database file (created by whoever opens it first).
  public var path: String { folder.appendingPathComponent("roster.sqlite3").path }

  /// Creates the folder `<tmp>/<prefix>-<uuid>`.
  public init(prefix: String = "roster-tests") {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: folder) }
}
