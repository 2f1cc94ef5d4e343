public import Foundation

/// Which database a front end opens: the `--db` option, else `$ROSTER_DB`, else the standard
/// SQLite file under `$XDG_DATA_HOME` or `~/.local/share`; and which engine holds it
/// (``engine``): a PostgreSQL connection string goes to PostgreSQL, anything else is a SQLite
/// file. The one place that decides; `StorageOpener` (RosterEngines) opens what it names.
///
/// ```swift
/// let location = DatabaseLocation(option: arguments.value("--db"))
/// switch location.engine {
/// case .sqlite(let path): try SQLiteStore(path: path)
/// case .postgres(let conninfo): try PostgresStore(conninfo: conninfo)
/// }
/// ```
public struct DatabaseLocation: Equatable, Sendable {
  /// Where the path came from.
  public enum Source: Equatable, Sendable {
    /// The `--db` option.
    case option
    /// The `ROSTER_DB` environment variable.
    case environment
    /// The default under the user's data folder.
    case standard
  }

  /// The engine a database lives in, and how to reach it.
  public enum Engine: Equatable, Sendable {
    /// A SQLite file at this path.
    case sqlite(path: String)
    /// A PostgreSQL database: a libpq connection URI or keyword string, to be handed to libpq
    /// unchanged.
    case postgres(conninfo: String)
  }

  /// The database as given: a SQLite file's path or a PostgreSQL connection string (which may
  /// hold a password: never print it).
  public let path: String
  /// Where ``path`` came from.
  public let source: Source

  /// Resolves the database file; an empty option or variable counts as absent.
  /// - Parameters:
  ///   - option: The value of `--db`, or `nil` when not given.
  ///   - environment: The process's environment.
  public init(
    option: String?, environment: [String: String] = ProcessInfo.processInfo.environment
  ) {
    if let option, !option.isEmpty {
      (path, source) = (option, .option)
    } else if let variable = environment["ROSTER_DB"], !variable.isEmpty {
      (path, source) = (variable, .environment)
    } else {
      (path, source) = (Self.standardPath(environment: environment), .standard)
    }
  }

  /// The engine ``path`` names: PostgreSQL for a `postgresql://` or `postgres://` URI or a
  /// libpq keyword string (`host=… dbname=…`, `service=NAME`), SQLite for anything else.
  public var engine: Engine {
    Self.isPostgres(path) ? .postgres(conninfo: path) : .sqlite(path: path)
  }

  /// libpq's connection keywords, any of which may start a keyword string.
  static let keywords: Set<String> = [
    "host", "hostaddr", "port", "dbname", "user", "password", "passfile", "service",
    "connect_timeout", "client_encoding", "options", "application_name", "sslmode",
    "sslcert", "sslkey", "sslrootcert", "sslcrl", "target_session_attrs", "keepalives",
    "keepalives_idle", "keepalives_interval", "keepalives_count", "tcp_user_timeout",
    "gssencmode", "krbsrvname", "channel_binding", "requirepeer", "load_balance_hosts",
  ]

  /// Whether `text` is a PostgreSQL connection string: a URI with libpq's schemes, or text
  /// that starts with `KEYWORD=` for one of libpq's keywords.
  /// - Complexity: O(length of the first word).
  public static func isPostgres(_ text: String) -> Bool {
    if text.hasPrefix("postgresql://") || text.hasPrefix("postgres://") { return true }
    let trimmed = text.drop(while: { $0 == " " })
    guard let equals = trimmed.firstIndex(of: "=") else { return false }
    let keyword = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
    return keywords.contains(keyword)
  }

  /// `$XDG_DATA_HOME/roster/roster.sqlite3` (an absolute `XDG_DATA_HOME` only, as the XDG
  /// specification says), else `~/.local/share/roster/roster.sqlite3`.
  static func standardPath(environment: [String: String]) -> String {
    let base: String
    if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
      base = data
    } else {
      let home = environment["HOME"] ?? NSHomeDirectory()
      base = home + "/.local/share"
    }
    return base + "/roster/roster.sqlite3"
  }
}
