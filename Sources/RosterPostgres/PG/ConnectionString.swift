import CLibPQ
import Foundation

/// A libpq connection string as the user gave it, with the keywords Roster adds when the user
/// did not set them: timeouts so that an unreachable or silent server fails the command instead
/// of hanging it, and keepalives so that a dead connection is noticed.
struct ConnectionString {
  /// The URI or keyword string, unchanged.
  let text: String
  private let environment: [String: String]
  /// The `connect_timeout` Roster sets unless the user does, in seconds.
  var connectTimeout = 10
  /// Whether ``connectTimeout`` holds even when the user's string or `PGCONNECT_TIMEOUT` sets
  /// another (a command bound to answer within seconds, `roster --offline-ok`).
  var connectTimeoutIsFirm = false
  /// How long a statement may go without a byte from the server before the connection counts
  /// as lost, in milliseconds (``Connection/silenceLimit`` by default).
  var silenceLimit = Connection.silenceLimit

  /// What Roster sets unless the connection string (or its `PG*` variable) does.
  ///
  /// `idle_in_transaction_session_timeout`: Roster never leaves a transaction open between
  /// statements for long, so a session idle inside one for 10 s belongs to a client that
  /// froze or lost its network while holding a list's row lock; the server ends it, and every
  /// other writer of the list goes on (PostgreSQL's default is never).
  static let defaults: [(keyword: String, value: String, variable: String?)] = [
    ("connect_timeout", "10", "PGCONNECT_TIMEOUT"),
    ("options", "-c idle_in_transaction_session_timeout=10000", "PGOPTIONS"),
    ("keepalives", "1", nil),
    ("keepalives_idle", "10", nil),
    ("keepalives_interval", "3", nil),
    ("keepalives_count", "3", nil),
    ("tcp_user_timeout", "15000", nil),
    ("application_name", "roster", "PGAPPNAME"),
  ]

  init(_ text: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
    self.text = text
    self.environment = environment
  }

  /// The keyword/value pairs for `PQconnectdbParams` with `expand_dbname`: Roster's defaults
  /// the user did not set, then the user's string as `dbname`, which libpq expands.
  func parameters() -> [(String, String)] {
    let set = Set((userKeywords() ?? [:]).keys)
    var pairs: [(String, String)] = []
    for item in Self.defaults where !set.contains(item.keyword) {
      if let variable = item.variable, environment[variable] != nil { continue }
      let value = item.keyword == "connect_timeout" ? String(connectTimeout) : item.value
      pairs.append((item.keyword, value))
    }
    pairs.append(("dbname", text))
    // Later keywords win over what `dbname` expands to, and over the environment.
    if connectTimeoutIsFirm { pairs.append(("connect_timeout", String(connectTimeout))) }
    return pairs
  }

  /// The keywords the string itself sets, with their values; `nil` when libpq cannot parse it.
  func userKeywords() -> [String: String]? {
    var error: UnsafeMutablePointer<CChar>?
    guard rpq_load(), let options = rpq_PQconninfoParse(text, &error) else {
      if let error { rpq_PQfreemem(error) }
      return nil
    }
    defer { rpq_PQconninfoFree(options) }
    var found: [String: String] = [:]
    var option = options
    while let keyword = option.pointee.keyword {
      if let value = option.pointee.val { found[String(cString: keyword)] = String(cString: value) }
      option += 1
    }
    return found
  }

  /// `message` with every password Roster knows of (the string's own, `PGPASSWORD`) replaced
  /// by `***`.
  func redacted(_ message: String) -> String {
    // An unparseable string may hold a password libpq could not isolate, and libpq's message
    // quotes the string: say nothing of its text.
    guard let keywords = userKeywords() else {
      return "the connection string is malformed (see “Connection Strings” in the libpq manual)."
    }
    let secrets = [keywords["password"], environment["PGPASSWORD"]].compactMap { $0 }
    var result = message
    for secret in secrets where !secret.isEmpty {
      result = result.replacingOccurrences(of: secret, with: "***")
    }
    return result
  }
}
