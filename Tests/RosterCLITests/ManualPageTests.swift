import Foundation
import RosterCLI
import RosterTestSupport
import Testing

/// The man page and the completions come from the command table, so every command the built
/// `roster --help` lists is in them; the generated files are valid for their tools.
@Suite struct ManualPageTests {
  /// The command names of `roster --help`: each row's first word, and the second where it is a
  /// subcommand (`lists create`); `undo, redo` names two.
  static func helpCommands() throws -> [String] {
    let help = try RosterBinary.locate().run(["--help"], environment: [:]).stdout
    var names: [String] = []
    var inCommands = false
    for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasSuffix(":") && !line.hasPrefix(" ") || line.hasPrefix("Entries (") {
        inCommands = !line.hasPrefix("Options")
        continue
      }
      guard inCommands, line.hasPrefix("  "), line.dropFirst(2).first?.isLetter == true else {
        if line.isEmpty { inCommands = false }
        continue
      }
      let words = line.split(separator: " ")
      if words[0].hasSuffix(",") {
        names += words.prefix(2).map { $0.trimmingCharacters(in: [","]) }
      } else if words.count > 1, words[1].allSatisfy(\.isLowercase) {
        names.append("\(words[0]) \(words[1])")
      } else {
        names.append(String(words[0]))
      }
    }
    return names
  }

  @Test func everyCommandOfTheHelpIsInTheManPage() throws {
    let names = try Self.helpCommands()
    #expect(names.count >= 15, "read \(names) from roster --help")
    let page = ManualPage.roster(date: "2026-12-01")
    for name in names {
      let escaped = name.replacingOccurrences(of: "-", with: "\\-")
      #expect(page.contains(".B roster \(escaped)"), "roster.1 lacks \(name)")
    }
  }

  @Test func everyCommandCompletesInEveryShell() throws {
    let names = try Self.helpCommands()
    for shell in ShellCompletion.allCases {
      for word in Set(names.map { String($0.split(separator: " ").last!) }) {
        #expect(shell.script.contains(word), "\(shell) completion lacks \(word)")
      }
    }
  }

  /// fish offers every first word of `roster --help` (`db` too, which is only a group) with a
  /// description, and describes every command it offers.
  @Test func fishOffersEveryCommandWithADescription() throws {
    let script = ShellCompletion.fish.script
    let offered = script.split(separator: "\n").filter { $0.contains(" -a ") }
    for line in offered {
      #expect(!line.hasSuffix(" -d ''") && line.contains(" -d '"), "undescribed: \(line)")
    }
    for word in Set(try Self.helpCommands().map { String($0.split(separator: " ")[0]) }) {
      let prefix = "complete -c roster -n __fish_use_subcommand -a \(word) -d '"
      #expect(
        offered.contains { $0.hasPrefix(prefix) && !$0.hasSuffix("-d ''") },
        "fish does not offer \(word) with a description")
    }
  }

  @Test func theManPagesFormatWithoutWarnings() throws {
    for page in [ManualPage.roster(date: "2026-12-01"), ManualPage.rosterApp(date: "2026-12-01")] {
      let result = try Self.run("groff", ["-k", "-man", "-ww", "-z"], input: page)
      #expect(result.status == 0 && result.stderr.isEmpty, "groff: \(result.stderr)")
    }
  }

  @Test(arguments: ShellCompletion.allCases)
  func theCompletionParses(_ shell: ShellCompletion) throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("roster-completion-\(UUID().uuidString)")
    try shell.script.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try Self.run(shell.rawValue, ["-n", file.path], input: "")
    #expect(result.status == 0 && result.stderr.isEmpty, "\(shell) -n: \(result.stderr)")
  }

  /// Runs a tool found on PATH with `input` on its standard input.
  static func run(_ tool: String, _ arguments: [String], input: String) throws -> (
    status: Int32, stderr: String
  ) {
    let (status, _, errors) = try ChildProcess.run(
      "/usr/bin/env", [tool] + arguments, input: Data(input.utf8))
    return (status, String(decoding: errors, as: UTF8.self))
  }
}
