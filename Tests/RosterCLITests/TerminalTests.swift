import Foundation
import RosterTestSupport
import Testing

/// What `roster` does when it runs in a terminal, through `script` (util-linux), which gives it
/// a pseudo-terminal: progress on standard error, and no PDF poured onto the screen. The golden
/// transcripts run without a terminal, where both stay silent.
@Suite struct TerminalTests {
  let binary: RosterBinary
  let home: TemporaryRosterHome

  init() throws {
    binary = try RosterBinary.locate()
    home = try TemporaryRosterHome(prefix: "roster-tty", extra: ["PATH": "/usr/bin:/bin"])
  }

  /// Runs `roster ARGUMENTS…` on a pseudo-terminal; what the terminal showed, and the status.
  func inTerminal(_ arguments: [String]) throws -> (screen: String, status: Int32) {
    let command = ([binary.url.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
    let (data, status) = try ToolProcess.run(
      "/usr/bin/script", ["--quiet", "--return", "--command", command, "/dev/null"],
      environment: home.environment)
    return (String(decoding: data, as: UTF8.self), status)
  }

  func names(_ count: Int) throws -> String {
    let path = home.folder.appendingPathComponent("names.csv").path
    let rows = (0..<count).map { "Person \(String(repeating: "a", count: $0 % 9 + 1))\n" }
    try Data(rows.joined().utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func importAndExportShowProgressInATerminalOnly() throws {
    defer { try? FileManager.default.removeItem(at: home.folder) }
    let file = try names(20_000)
    let imported = try inTerminal(["import", file])
    #expect(imported.status == 0)
    #expect(imported.screen.contains("\rImporting \(file): 20% (4,096 rows)\u{1B}[K"))
    #expect(imported.screen.contains("\r\u{1B}[KImported 20000 entries into “Names”."))
    let exported = try inTerminal([
      "export", "-o", home.folder.appendingPathComponent("o.csv").path,
    ])
    #expect(exported.screen.contains("Exporting “Names”: 20% (4,096 entries)"))
    #expect(exported.screen.contains("Exported 20000 entries"))

    let quiet = try binary.run(["import", file, "--dry-run"], environment: home.environment)
    #expect(quiet.status == 0)
    #expect(quiet.stderr.isEmpty)
  }

  @Test func aPDFGoesToAPipeButNotToATerminal() throws {
    defer { try? FileManager.default.removeItem(at: home.folder) }
    _ = try binary.run(["add", "山田 太郎", "محمد علي"], environment: home.environment)
    let screen = try inTerminal(["export", "--format", "pdf"])
    #expect(screen.status == 2)
    #expect(screen.screen.contains("roster: A PDF is not for a terminal: give -o FILE.pdf"))
    #expect(!screen.screen.contains("%PDF"))
    let piped = try binary.run(
      ["export", "--format", "pdf", "--sign-in"], environment: home.environment)
    #expect(piped.status == 0)
    #expect(piped.stdout.hasPrefix("%PDF-"))
    #expect(piped.stdout.hasSuffix("%%EOF\n"))
    #expect(piped.stderr.isEmpty)
  }
}
