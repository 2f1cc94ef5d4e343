public import Foundation

/// Which database file a front end opens: the `--db PATH` option, else `$ROSTER_DB`, else
/// the standard file under `$XDG_DATA_HOME` or `~/.local/share`.
///
/// ```swift
/// let location = DatabaseLocation(option: arguments.value("--db"))
/// let store = try SQLiteStore(path: location.path)
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

  /// The database file.
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
