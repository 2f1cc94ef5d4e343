import Foundation
import RosterAppCore
import RosterBackend
import RosterKit
import RosterStore

/// The command line: `roster-app [--db PATH]`, with `ROSTER_DB`, then the default database, as
/// for `roster`.
struct Options {
  /// The database path, if one was given.
  var database: String?
  /// `ROSTER_SAMPLE_COUNT`: show one generated list of this many entries (benchmarks).
  var sampleCount: Int?

  init(arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment) {
    var database = environment["ROSTER_DB"].flatMap { $0.isEmpty ? nil : $0 }
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      if argument == "--db", let path = remaining.popFirst() {
        database = path
      } else if argument.hasPrefix("--db=") {
        database = String(argument.dropFirst(5))
      }
    }
    self.database = database
    sampleCount = environment["ROSTER_SAMPLE_COUNT"].flatMap { Int($0) }
  }

  /// The store the window reads and writes: the SQLite database, or generated entries in
  /// memory for `ROSTER_SAMPLE_COUNT`.
  func makeStorage() throws -> any RosterStorage {
    if let sampleCount { return SampleStorage(count: sampleCount) }
    return try SQLiteStore(path: database ?? SQLiteStore.defaultPath())
  }
}
