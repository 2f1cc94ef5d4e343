import Foundation
import RosterBackend
import RosterEngines
import RosterLocalization

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

  /// Whether the database is big enough for 2 MB pages to pay (``HugePages``): a SQLite file
  /// that, with its write-ahead log, holds 16 MB or more (about 150,000 entries, at 107 bytes
  /// an entry). Huge pages cost the window some 50 MB more memory even with an empty list, so
  /// small databases, and shared ones, whose size is not known before the server answers, keep
  /// 4 KB pages.
  var wantsHugePages: Bool {
    guard case .sqlite(let path) = location.engine else { return false }
    let bytes = [path, path + "-wal"].reduce(0) { total, file in
      let size = (try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int
      return total + (size ?? 0)
    }
    return bytes >= Self.hugePagesFrom
  }

  /// Whether the database is a shared server, opened through this machine's replica.
  var isShared: Bool {
    if case .postgres = location.engine { return true }
    return false
  }

  /// The database size from which the window asks for huge pages.
  static let hugePagesFrom = 16 << 20

  /// The database the window reads and writes, opened by the one opener every front end
  /// shares: a SQLite file written behind the window by a thread of its own, or a PostgreSQL
  /// server through this machine's replica; a replica's first sync says on standard error,
  /// and to `progress` for the window, which list it fetches.
  func makeStorage(progress: @escaping @Sendable (String) -> Void = { _ in }) throws
    -> any RosterStorage
  {
    try StorageOpener.openForWindow(location, environment: environment) { list in
      let line = localizedPlural(
        "Fetching “%1$@” (%2$@ entry)…", "Fetching “%1$@” (%2$@ entries)…", count: list.count,
        list.title, GroupedNumber.text(list.count))
      FileHandle.standardError.write(Data((line + "\n").utf8))
      progress(line)
    }
  }
}
