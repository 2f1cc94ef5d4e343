import Foundation

/// Where a machine keeps its replica of a shared server's lists: one SQLite file per user and
/// server, in the user's state folder.
extension DatabaseLocation {
  /// The libpq environment variables that choose the server, database and user when the
  /// connection string leaves them out; they are part of the replica's key.
  static let replicaKeyVariables = [
    "PGHOST", "PGHOSTADDR", "PGPORT", "PGDATABASE", "PGUSER", "PGSERVICE",
  ]

  /// `roster/replicas/KEY.sqlite3` in `$XDG_STATE_HOME` (else `~/.local/state`), where KEY is a
  /// hash of the connection string without its password and of the libpq variables that pick
  /// the server, database and user: the same user on the same server finds the same replica,
  /// and a changed password loses nothing. The folder is made with mode 0700 and the file with
  /// 0600 when opened.
  public func replicaPath(environment: [String: String]) -> String {
    let base: String
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      base = state
    } else {
      base = (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state"
    }
    var identity = Self.withoutPassword(path)
    for name in Self.replicaKeyVariables {
      if let value = environment[name] { identity += "\n\(name)=\(value)" }
    }
    return base + "/roster/replicas/" + String(Self.fnv1a(identity), radix: 16) + ".sqlite3"
  }
}
