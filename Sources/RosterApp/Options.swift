import Foundation
import RosterAppCore
import RosterBackend
import RosterEngines
import RosterStore

/// The command line: `roster-app [--db PATH]`, then `ROSTER_DB`, then the default database,
/// resolved by ``DatabaseLocation`` exactly as `roster` resolves it.
struct Options {
  /// The database the window opens.
  var location: DatabaseLocation
  /// The process's environment: `PG*` variables, and where the outbox goes.
  let environment: [String: String]

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
    self.environment = environment
  }

  /// The database the window reads and writes: a SQLite file, or a PostgreSQL server through
  /// ``SharedStorage`` with its outbox next to the default database.
  func makeStorage() throws -> any RosterStorage {
    switch location.engine {
    case .sqlite(let path):
      return try SQLiteStore(path: path)
    case .postgres(let conninfo):
      let outbox = try SQLiteOutbox(path: location.outboxPath(environment: environment))
      let writer = UUID()
      let environment = environment
      return try SharedStorage(
        open: {
          try SharedConnections.open(
            conninfo: conninfo, writerID: writer, environment: environment)
        },
        outbox: outbox)
    }
  }
}
