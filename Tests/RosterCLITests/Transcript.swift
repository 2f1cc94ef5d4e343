import Foundation
import RosterTestSupport
import Testing

/// Runs a scenario of `roster` commands against a fresh database and compares the transcript —
/// each command, its standard output, standard error and exit status — with a golden file in
/// `Golden/`. Run with `UPDATE_GOLDEN=1` to rewrite the golden files after a deliberate change.
///
/// Ids and times vary from run to run, so the transcript masks them (`<id>`, `<uuid>`, `<time>`),
/// and shows a byte-order mark as `<BOM>`;
/// an argument `@N` is replaced, before running, by the short id of the entry at position N.
///
/// A scenario runs on a SQLite file or, with `engine: .postgres`, on a fresh database of the
/// test server (`TemporaryPostgres`), initialized with `roster db init`: the same golden file
/// holds for both.
final class Transcript {
  /// Which engine holds the scenario's database.
  enum Engine: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    var testDescription: String { rawValue }
  }

  let binary: RosterBinary
  let folder: URL
  let environment: [String: String]
  /// Whether times of day (`19:02`), dates (`2026-12-04`, today's session) and this host's
  /// name are masked too (`<hh:mm>`, `<date>`, `<device>`): attendance stamps events with them.
  private let masksClock: Bool
  private var text = ""

  /// A transcript on `engine`, whose runs see `extra` in their environment too (`LANG`, say);
  /// with `masksClock`, clock times, dates and the host name are masked. On PostgreSQL the
  /// runs connect as the database's owner, or with `role` as that login role (made on the
  /// test server when missing, password `ROLE-pw`), so that what the store stamps as `by`
  /// matches the user a SQLite run pins with `USER`.
  init(
    engine: Engine = .sqlite, environment extra: [String: String] = [:], masksClock: Bool = false,
    role: String? = nil
  ) throws {
    self.masksClock = masksClock
    binary = try RosterBinary.locate()
    var extra = ["PATH": "/usr/bin:/bin"].merging(extra) { _, new in new }
    if engine == .postgres { extra["ROSTER_DB"] = try TemporaryPostgres.shared().makeDatabase() }
    let home = try TemporaryRosterHome(prefix: "roster-cli", extra: extra)
    folder = home.folder
    var environment = home.environment
    if engine == .postgres {
      let initialized = try binary.run(["db", "init"], environment: environment)
      guard initialized.status == 0 else {
        throw GoldenMismatch(message: "roster db init failed: \(initialized.stderr)")
      }
      if let role, let owner = environment["ROSTER_DB"] {
        environment["ROSTER_DB"] = try Self.login(role, to: owner)
      }
    }
    self.environment = environment
  }

  /// The URI of the database `owner` names for the login role `role`, made when missing (roles
  /// belong to the whole test server; concurrent tests may make it at once).
  private static func login(_ role: String, to owner: String) throws -> String {
    let server = try TemporaryPostgres.shared()
    try server.sql(
      """
      DO $$ BEGIN CREATE ROLE \(role) LOGIN PASSWORD '\(role)-pw';
      EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$
      """)
    let database = String(owner.split(separator: "/").last ?? "")
    return server.uri(database: database, role: role, password: "\(role)-pw")
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  /// Writes a file into the scenario's folder and returns its path.
  @discardableResult
  func file(_ name: String, _ bytes: [UInt8]) throws -> String {
    let url = folder.appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url.path
  }

  /// Writes a UTF-8 file into the scenario's folder and returns its path.
  @discardableResult
  func file(_ name: String, _ contents: String) throws -> String {
    try file(name, Array(contents.utf8))
  }

  /// Runs `roster` with `arguments` and adds it to the transcript.
  @discardableResult
  func run(_ arguments: String..., stdin: String? = nil, list: String? = nil) throws
    -> RosterBinary.Result
  {
    try run(arguments, stdin: stdin, list: list)
  }

  /// Runs `roster` with `arguments` and adds it to the transcript.
  @discardableResult
  func run(_ arguments: [String], stdin: String? = nil, list: String? = nil) throws
    -> RosterBinary.Result
  {
    var resolved: [String] = []
    for argument in arguments {
      if argument.hasPrefix("@"), let position = Int(argument.dropFirst()) {
        resolved.append(try shortID(at: position, list: list))
      } else {
        resolved.append(argument)
      }
    }
    let result = try binary.run(
      resolved, environment: environment, stdin: stdin.map { Data($0.utf8) })
    text += "$ roster " + mask(arguments.map(Self.quoted).joined(separator: " ")) + "\n"
    if let stdin {
      // Long input lines are summarized, so golden files stay readable.
      let shown = stdin.split(separator: "\n", omittingEmptySubsequences: false).map {
        $0.utf8.count > 100 ? "\($0.prefix(20))… (\($0.utf8.count) bytes)" : String($0)
      }
      text += block("<", shown.joined(separator: "\n"))
    }
    text += block(">", result.stdout)
    text += block("!", result.stderr)
    text += "= \(result.status)\n\n"
    return result
  }

  /// The short id of the entry at 1-based `position`.
  private func shortID(at position: Int, list: String?) throws -> String {
    let arguments = ["show", "--json"] + (list.map { ["--list", $0] } ?? [])
    let result = try binary.run(arguments, environment: environment)
    let entries =
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
    guard let id = entries?[position - 1]["id"] as? String else {
      throw GoldenMismatch(message: "No entry at position \(position).")
    }
    return String(id.prefix(8))
  }

  private func block(_ marker: String, _ output: String) -> String {
    guard !output.isEmpty else { return "" }
    let visible = mask(output).replacingOccurrences(of: "\r\n", with: "␍\n")
      .replacingOccurrences(of: "\u{FEFF}", with: "<BOM>")
    var lines = visible.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
      .map { String(String.UnicodeScalarView($0)) }
    if lines.last == "" { lines.removeLast() }
    return lines.map { "\(marker) \($0)\n" }.joined()
  }

  private func mask(_ output: String) -> String {
    var masked = output.replacingOccurrences(of: folder.path, with: "$TMP")
    let patterns = [
      ("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", "<uuid>"),
      ("\\b[0-9a-f]{8}\\b", "<id>"),
      ("[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z", "<time>"),
    ]
    for (pattern, replacement) in patterns {
      masked = masked.replacingOccurrences(
        of: pattern, with: replacement, options: .regularExpression)
    }
    guard masksClock else { return masked }
    let host = ProcessInfo.processInfo.hostName
    for (shown, replacement) in [("(\(host))", "(<device>)"), ("\"\(host)\"", "\"<device>\"")] {
      masked = masked.replacingOccurrences(of: shown, with: replacement)
    }
    let clock = [
      ("\\b[0-9]{4}-[0-9]{2}-[0-9]{2}\\b", "<date>"), ("\\b[0-9]{2}:[0-9]{2}\\b", "<hh:mm>"),
    ]
    for (pattern, replacement) in clock {
      masked = masked.replacingOccurrences(
        of: pattern, with: replacement, options: .regularExpression)
    }
    return masked
  }

  private static func quoted(_ argument: String) -> String {
    let plain = argument.unicodeScalars.allSatisfy {
      CharacterSet.alphanumerics.contains($0) || "-_./#@=:".unicodeScalars.contains($0)
    }
    return plain && !argument.isEmpty ? argument : "'" + argument + "'"
  }

  /// Compares the transcript with `Golden/<name>.txt`, or writes it when `UPDATE_GOLDEN` is set.
  func verify(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Golden/\(name).txt")
    if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] != nil {
      try text.write(to: url, atomically: true, encoding: .utf8)
      return
    }
    guard let golden = try? String(contentsOf: url, encoding: .utf8) else {
      Issue.record(
        "Missing golden file Golden/\(name).txt: run with UPDATE_GOLDEN=1.",
        sourceLocation: sourceLocation)
      return
    }
    let expected = golden.components(separatedBy: "\n")
    let actual = text.components(separatedBy: "\n")
    for (index, (want, got)) in zip(expected, actual).enumerated() where want != got {
      Issue.record(
        "Golden/\(name).txt line \(index + 1):\n  expected: \(want)\n  actual:   \(got)",
        sourceLocation: sourceLocation)
      return
    }
    #expect(
      expected.count == actual.count, "Golden/\(name).txt length differs",
      sourceLocation: sourceLocation)
  }
}

/// A scenario step that could not run as written.
struct GoldenMismatch: Error {
  let message: String
}
