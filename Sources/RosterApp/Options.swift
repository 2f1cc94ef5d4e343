import Foundation
import RosterBackend
import RosterStore

/// The command line: `roster-app [--db PATH]`, then `ROSTER_DB`, then the default database,
/// resolved by ``DatabaseLocation`` exactly as `roster` resolves it.
struct Options {
  /// The database the window opens.
  var location: DatabaseLocation

  init(arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment) {
    var option: String?
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      if argument == "--db", let path = remaining.popFirst() {
        option = path
      } else if argument.hasPrefix("--db=") {
        option = String(argument.dropFirst(5))
      }
    }
    location = DatabaseLocation(option: option, environment: environment)
  }

  /// The SQLite database the window reads and writes.
  func makeStorage() throws -> any RosterStorage {
    try SQLiteStore(path: location.path)
  }
}
