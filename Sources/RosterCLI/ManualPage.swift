import Foundation
import RosterKit

/// The man pages `roster(1)` and `roster-app(1)`, written from ``CommandTable``: a command or an
/// option added there appears here without another edit. `make man` writes them (through the
/// `roster-docs` tool).
public enum ManualPage {
  /// `roster(1)`: every command of the table with its synopses, description and options.
  /// - Parameter date: The page's date, `YYYY-MM-DD`.
  /// - Returns: The page in roff (`man -l roster.1` shows it).
  /// - Complexity: O(c) in the number of commands.
  public static func roster(date: String) -> String {
    var page = header("ROSTER", date: date)
    page += section(
      "NAME", "roster \\- keep lists of names (or any text) in a local database", escaping: false)
    page +=
      ".SH SYNOPSIS\n.B roster\n[\\fB\\-\\-db\\fR \\fIPATH\\fR] \\fICOMMAND\\fR "
      + "[\\fIARGUMENTS\\fR] [\\fIOPTIONS\\fR]\n"
    page += section(
      "DESCRIPTION",
      """
      roster keeps lists of people's names, or of any short items, in one SQLite database that
      the desktop app roster-app(1) uses too. Every name is validated by the list's rule and
      stored normalized; a refusal names the character at fault and its position. Each command
      is one transaction, and undo works across processes.
      """)
    page += ".SH COMMANDS\n"
    for command in CommandTable.commands {
      page += commandEntry(command)
    }
    page += section("ENTRIES", CommandTable.entryReferences)
    page += ".SH OPTIONS\nEvery command takes these options.\n"
    for option in CommandTable.programOptions {
      page += optionEntry(option)
    }
    page += section(
      "ENVIRONMENT",
      """
      .TP
      .B ROSTER_DB
      The database file, when \\-\\-db is not given.
      .TP
      .B XDG_DATA_HOME
      Where the default database lives: $XDG_DATA_HOME/roster/roster.sqlite3.
      .TP
      .B ROSTER_OFFLINE_OK
      When 1, every command runs as with \\-\\-offline\\-ok.
      .TP
      .B XDG_STATE_HOME
      Where the replicas of PostgreSQL databases live: $XDG_STATE_HOME/roster/replicas.
      .TP
      .B NO_COLOR
      When set, output is never coloured.
      """, escaping: false)
    page += section(
      "FILES",
      """
      .TP
      .I ~/.local/share/roster/roster.sqlite3
      The default database, when XDG_DATA_HOME is not set (mode 0600, in a 0700 folder).
      .TP
      .I ~/.local/state/roster/replicas/
      This machine's replica of each PostgreSQL database used with roster sync or
      \\-\\-offline\\-ok, when XDG_STATE_HOME is not set: the lists, and the changes waiting
      to be sent (mode 0600, in a 0700 folder).
      """, escaping: false)
    page += section("EXIT STATUS", CommandTable.conventions)
    page += section("SEE ALSO", "roster\\-app(1), sqlite3(1)", escaping: false)
    return page
  }

  /// `roster-app(1)`: the desktop app and its options.
  /// - Parameter date: The page's date, `YYYY-MM-DD`.
  /// - Returns: The page in roff.
  public static func rosterApp(date: String) -> String {
    var page = header("ROSTER-APP", date: date)
    page += section("NAME", "roster\\-app \\- edit lists of names in a window", escaping: false)
    page +=
      ".SH SYNOPSIS\n.B roster\\-app\n"
      + "[\\fB\\-\\-db\\fR \\fIPATH\\fR] [\\fB\\-\\-version\\fR]\n"
    page += section(
      "DESCRIPTION",
      """
      The Roster desktop app (GNOME, GTK 4 and libadwaita): a validated Add field that says why
      a name is refused as you type, editing in place with an always-present empty last row,
      delete with Undo, categories as coloured badges, and search. Every change is saved at
      once in the database that roster(1) uses, and changes made there appear in the window.
      """)
    page += ".SH OPTIONS\n"
    page += optionEntry(CommandTable.commonOptions[0])
    page += optionEntry(.flag(.version, help: "Show the version, without opening a window."))
    page += section(
      "ENVIRONMENT", ".TP\n.B ROSTER_DB\nThe database file, when \\-\\-db is not given.",
      escaping: false)
    page += section("SEE ALSO", "roster(1)", escaping: false)
    return page
  }

  private static func header(_ name: String, date: String) -> String {
    """
    .\\" Generated from RosterCLI's command table by roster-docs (make man): do not edit.
    .TH \(name) 1 "\(date)" "Roster \(RosterVersion.current)" "User Commands"

    """
  }

  /// A section of paragraphs; blank lines in `text` start new paragraphs.
  private static func section(_ title: String, _ text: String, escaping: Bool = true) -> String {
    ".SH \(title)\n" + (escaping ? paragraphs(text) : text + "\n")
  }

  private static func commandEntry(_ command: Command) -> String {
    var entry = ""
    for (index, synopsis) in command.usage.enumerated() {
      entry += (index == 0 ? ".TP\n" : ".TQ\n") + ".B roster \(escaped(synopsis))\n"
    }
    entry += paragraphs(command.description, inIndent: true)
    if !command.options.isEmpty {
      entry += ".RS\n"
      for option in command.options { entry += optionEntry(option) }
      entry += ".RE\n"
    }
    if let details = command.details { entry += paragraphs(details, inIndent: true) }
    return entry
  }

  private static func optionEntry(_ option: Option) -> String {
    var label = option.short.map { "\\fB\(escaped($0))\\fR, " } ?? ""
    label += "\\fB\(escaped(option.name))\\fR"
    if let value = option.value { label += " \\fI\(escaped(value))\\fR" }
    let help = option.help.map { escaped($0.split(separator: "\n").joined(separator: " ")) }
    return ".TP\n\(label)\n" + (help.map { $0 + "\n" } ?? "")
  }

  /// Paragraphs of text, escaped; inside an indented entry they stay indented (`.IP`).
  private static func paragraphs(_ text: String, inIndent: Bool = false) -> String {
    let blocks = text.split(separator: "\n\n", omittingEmptySubsequences: true)
    return blocks.enumerated().map { index, block in
      let lines = block.split(separator: "\n").map { escapedLine(String($0)) }
      let separator = index == 0 ? "" : (inIndent ? ".IP\n" : ".PP\n")
      // An indented block (a table of exit codes) keeps its lines as written.
      let verbatim = block.hasPrefix("  ") || block.contains("\n  ")
      return separator
        + (verbatim
          ? ".nf\n" + lines.joined(separator: "\n") + "\n.fi\n"
          : lines.joined(separator: "\n") + "\n")
    }.joined()
  }

  /// One line of running text: escaped, and protected from being read as a request.
  private static func escapedLine(_ line: String) -> String {
    let text = escaped(line)
    return text.hasPrefix(".") || text.hasPrefix("'") ? "\\&" + text : text
  }

  /// Text with roff's escape character and dashes written as roff wants them.
  private static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
  }
}
