import RosterLocalization

/// `roster --help` and each `roster COMMAND --help`, printed from ``CommandTable``.
enum HelpText {
  /// Where summaries start in `roster --help`.
  private static let summaryColumn = 42

  /// The help page of the command named `name`, or the overview for "" or an unknown name.
  static func text(for name: String) -> String {
    CommandTable.command(named: name).map(page) ?? overview
  }

  /// `roster --help`: the commands by section, then the options every command takes.
  static let overview: String = {
    var lines: [String] = []
    for section in Command.Section.allCases {
      guard let title = section.title else { continue }
      lines.append(title)
      for command in CommandTable.commands where command.section == section {
        guard let listing = command.listing else { continue }
        lines.append(row("  " + listing.synopsis, listing.summary, column: summaryColumn))
      }
    }
    return [
      CommandTable.introduction, lines.joined(separator: "\n"), CommandTable.entryReferences,
      localized("Options for every command:") + "\n"
        + optionList(CommandTable.programOptions, minimumWidth: 16),
      CommandTable.conventions,
    ].joined(separator: "\n\n") + "\n"
  }()

  /// `roster COMMAND --help`.
  static func page(_ command: Command) -> String {
    let label = localized("Usage:") + " "
    let usage = command.usage.enumerated().map { index, synopsis in
      (index == 0 ? label : String(repeating: " ", count: label.count)) + "roster " + synopsis
    }
    var parts = [usage.joined(separator: "\n"), command.description]
    let documented = command.options.filter { $0.help != nil }
    if !documented.isEmpty { parts.append(optionList(documented, minimumWidth: 10)) }
    if let details = command.details { parts.append(details) }
    return parts.joined(separator: "\n\n") + "\n"
  }

  /// Options with their help, aligned in a column at least `minimumWidth` wide (after a
  /// two-space indent) and three spaces wider than the longest label.
  private static func optionList(_ options: [Option], minimumWidth: Int) -> String {
    let width = max(minimumWidth, (options.map(\.label.count).max() ?? 0) + 3)
    return options.map { option in
      let help = option.help?.split(separator: "\n").map(String.init) ?? []
      return row("  " + option.label, help, column: 2 + width)
    }.joined(separator: "\n")
  }

  /// `start`, then the first of `lines` at `column` and the others below it; `start` alone
  /// when it leaves no room.
  private static func row(_ start: String, _ lines: [String], column: Int) -> String {
    guard let first = lines.first, start.count < column - 1 else { return start }
    let indent = String(repeating: " ", count: column)
    let padding = String(repeating: " ", count: column - start.count)
    return ([start + padding + first] + lines.dropFirst().map { indent + $0 })
      .joined(separator: "\n")
  }
}
