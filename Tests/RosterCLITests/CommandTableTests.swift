import Foundation
import Testing

@testable import RosterCLI

/// The command table: every command described once and well enough for dispatch, help, a man
/// page and completions.
@Suite struct CommandTableTests {
  @Test func namesAreUniqueAndSelectTheirCommand() {
    let names = CommandTable.commands.map(\.name)
    #expect(Set(names).count == names.count)
    for name in names {
      let words = name.split(separator: " ").map(String.init)
      let found = CommandTable.command(for: (words + ["ARGUMENT"])[...])
      #expect(found?.command.name == name)
      #expect(found?.words == words.count)
    }
    #expect(CommandTable.command(for: ["lists", "Names"]).map(\.command.name) == "lists")
    #expect(CommandTable.command(for: ["frobnicate"]) == nil)
  }

  @Test func optionsDoNotClash() {
    for command in CommandTable.commands {
      let options = command.options + CommandTable.commonOptions
      let names = options.map(\.name) + options.compactMap(\.short)
      #expect(Set(names).count == names.count, "\(command.name): \(names)")
      #expect(names.allSatisfy { $0.hasPrefix("-") }, "\(command.name)")
    }
  }

  @Test func everyPageShowsItsUsageAndDocumentedOptions() {
    for command in CommandTable.commands {
      let page = HelpText.page(command)
      #expect(page.hasPrefix("Usage: roster \(command.name)"), "\(command.name)")
      for option in command.options where option.help != nil {
        #expect(page.contains("  \(option.label)   "), "\(command.name): \(option.name)")
      }
      #expect(HelpText.text(for: command.name) == page)
    }
  }

  @Test func theOverviewListsEverySectionInOrder() {
    let overview = HelpText.overview
    var rest = overview[...]
    for title in Command.Section.allCases.compactMap(\.title) {
      let found = rest.range(of: "\n" + title + "\n")
      #expect(found != nil, "\(title)")
      if let found { rest = rest[found.upperBound...] }
    }
    for command in CommandTable.commands {
      guard let listing = command.listing else { continue }
      #expect(overview.contains("\n  \(listing.synopsis)"), "\(command.name)")
    }
    #expect(HelpText.text(for: "") == overview)
    #expect(HelpText.text(for: "no such command") == overview)
  }

  @Test func afterTwoDashesEverythingIsAnArgument() throws {
    let add = try #require(CommandTable.command(named: "add"))
    let arguments = try Arguments(
      ["--list=Guests", "-h", "--", "-h", "--json", "--"], for: add)
    #expect(arguments.value(.list) == "Guests")
    #expect(arguments.has(.help))
    #expect(!arguments.has(.json))
    #expect(arguments.positionals == ["-h", "--json", "--"])
  }

  @Test(arguments: [
    (["--json=yes"], "The flag --json takes no value. See “roster add --help”."),
    (["--category"], "The option --category needs a value. See “roster add --help”."),
    (["--colour", "red"], "Unknown option “--colour” for roster add. See “roster add --help”."),
  ])
  func misusedOptionsAreUsageErrors(arguments: [String], message: String) throws {
    let add = try #require(CommandTable.command(named: "add"))
    #expect {
      try Arguments(arguments, for: add)
    } throws: { error in
      (error as? CLIError)?.detail == message && (error as? CLIError)?.exitCode == 2
    }
  }
}
