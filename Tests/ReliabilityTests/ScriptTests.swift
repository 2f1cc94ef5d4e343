import Foundation
import RosterKit
import RosterTestSupport
import Testing

/// The Python scripts in Tests/Reliability (short versions; `scripts/soak.sh` runs the long
/// ones) and Tests/Formats, against the built `roster`.
@Suite(.serialized) struct ScriptTests {
  static let root = RosterBinary.packageRoot

  /// Runs `python3 Tests/FOLDER/SCRIPT ARGUMENTS --roster …`; its output on failure.
  func run(_ script: String, _ arguments: [String], in folder: String = "Reliability") throws {
    let path = Self.root.appendingPathComponent("Tests/\(folder)/\(script)").path
    let (status, output, _) = try ChildProcess.run(
      "/usr/bin/env",
      ["python3", path] + arguments + ["--roster", try RosterBinary.locate().url.path],
      mergeErrors: true)
    #expect(status == 0, "\(script) failed:\n\(String(decoding: output, as: UTF8.self))")
  }

  /// Damaged, read-only, newer and full databases; huge inputs; every refusal category.
  @Test func hostileFilesAndResourceFaults() throws {
    try run("hostile.py", [])
  }

  /// Killed writers (add, edit, mv, rm, batch rm, import, undo), then concurrent writers in
  /// one list: a short soak.
  @Test func killedAndConcurrentWritersLoseNothing() throws {
    try run("soak.py", ["--seconds", "8", "--rounds", "6", "--workers", "3"])
  }

  /// Writers colliding on one list while `roster watch` follows it: every acknowledged
  /// action once, in the store and in every watcher's lines (Tests/Sharing; `make soak` runs
  /// it for longer).
  @Test func concurrentWritersAndWatchersAgree() throws {
    try run("multiwriter.py", ["--seconds", "8", "--writers", "4"], in: "Sharing")
  }

  /// Every JSON export validates against docs/roster.schema.json, which refuses documents that
  /// break the contract.
  @Test func exportsMatchTheJSONSchema() throws {
    try run("check_export_schema.py", [], in: "Formats")
  }
}

/// hostile.py checks one example of every refusal reason through the command line: a reason
/// added to RosterKit must get an example there too.
@Test func hostileCasesNameEveryRefusalReason() throws {
  let script = try String(
    contentsOf: ScriptTests.root.appendingPathComponent("Tests/Reliability/hostile.py"),
    encoding: .utf8)
  let section = try #require(script.components(separatedBy: "ALL_REASONS = {").dropFirst().first)
  let reasons = try #require(section.components(separatedBy: "}").first)
  for reason in Refusal.Reason.allCases {
    #expect(reasons.contains("\"\(reason.rawValue)\""), "no example of \(reason.rawValue)")
  }
}
