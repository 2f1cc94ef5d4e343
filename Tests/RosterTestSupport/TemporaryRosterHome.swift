public import Foundation

/// A fresh temporary folder holding a test's database, and the environment that points the
/// `roster` binary at it (no colour, a home of its own).
public struct TemporaryRosterHome: Sendable {
  /// The folder.
  public let folder: URL
  /// `ROSTER_DB` in the folder, `NO_COLOR`, and `HOME` the folder.
  public let environment: [String: String]

  /// Creates the folder `<tmp>/<prefix>-<uuid>`; `extra` adds or overrides variables.
  public init(prefix: String, extra: [String: String] = [:]) throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    environment = [
      "ROSTER_DB": folder.appendingPathComponent("roster.sqlite3").path, "NO_COLOR": "1",
      "HOME": folder.path,
    ].merging(extra) { _, new in new }
  }
}
