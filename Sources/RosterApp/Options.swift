import Foundation
import RosterStore

/// The command line: `roster-app [--db PATH]`, with `ROSTER_DB`, then the default database, as
/// for `roster`.
struct Options {
  /// The database path, if one was given.
  var database: String?

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
  }

  /// The SQLite database the window reads and writes.
  func makeStorage() throws -> any RosterStorage {
    try SQLiteStore(path: database ?? SQLiteStore.defaultPath())
  }
}
