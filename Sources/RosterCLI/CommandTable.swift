import RosterLocalization

/// Every command of `roster`, each described once. Dispatch finds commands here, and
/// ``HelpText`` prints `roster --help` and each `roster COMMAND --help` from here; the data is
/// plain enough to generate a man page or shell completions from.
enum CommandTable {
  /// Every command, in the order `roster --help` lists them.
  static let commands: [Command] =
    lists + entries + sorting + [watch, sync] + database + categories + attendance + transfer
    + [help]

  private static let byName = Dictionary(uniqueKeysWithValues: commands.map { ($0.name, $0) })

  /// The command named `name` (`add`, `lists create`).
  static func command(named name: String) -> Command? {
    byName[name]
  }

  /// The command the first words of `words` name, and how many words that took: a subcommand
  /// (`lists create`) before its group (`lists`).
  static func command(for words: ArraySlice<String>) -> (command: Command, words: Int)? {
    if words.count >= 2, let found = byName[words.prefix(2).joined(separator: " ")] {
      return (found, 2)
    }
    return words.first.flatMap { byName[$0] }.map { ($0, 1) }
  }

  /// Options every command takes.
  static let commonOptions: [Option] = [
    .option(
      .db, "PATH",
      help: localized(
        """
        The database: a SQLite file, or a PostgreSQL URI
        (postgresql://…) or keyword string (host=… dbname=…).
        Default: $ROSTER_DB, else
        $XDG_DATA_HOME/roster/roster.sqlite3, else
        ~/.local/share/roster/roster.sqlite3.
        """)),
    .flag(
      .offlineOK,
      help: localized(
        """
        On a PostgreSQL database: when the server cannot be reached
        within 2 s, work on this machine's replica, and send the
        changes later (roster sync). Also ROSTER_OFFLINE_OK=1.
        """)),
    .flag(.help, short: "-h", help: localized("Show help for the command.")),
  ]

  /// Options of the program itself, before any command.
  static let programOptions =
    commonOptions + [.flag(.version, help: localized("Show the version."))]

  /// The start of `roster --help`, before the commands.
  static let introduction = localized(
    """
    roster: keep lists of names (or any text) in a local database.

    Usage: roster [--db PATH] COMMAND [ARGUMENTS] [OPTIONS]
    """)

  /// What `roster --help` says after the commands and before the options.
  static let entryReferences = localized(
    """
    ENTRY is an id, the first 4 or more characters of an id (as `show` prints them), or a
    1-based position written #N (#1 is the first entry). Put -- before arguments that start
    with a dash: roster add -- -Anna.
    """)

  /// The end of `roster --help`: output and exit status.
  static let conventions = localized(
    """
    Output: results on standard output, errors on standard error (one line each). Colour only
    when standard output is a terminal and NO_COLOR is not set.

    Exit status:
      0  success
      1  refused input (an invalid name, a bad file, an unknown list or entry) or a failure
      2  usage error (unknown command or option, missing argument)
    """)

  /// `roster help [COMMAND]`.
  static let help = Command(
    "help", section: .other, usage: ["help [COMMAND]"],
    description: localized(
      "Shows the help for COMMAND (for example `roster help lists create`), or the"
        + " overview."),
    run: { tool, arguments throws(CLIError) in
      tool.out.write(HelpText.text(for: arguments.positionals.joined(separator: " ")))
    })
}
