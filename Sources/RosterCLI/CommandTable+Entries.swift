import RosterLocalization

/// `roster add`, `show`, `edit`, `rm`, `mv`, `undo`, `redo`.
extension CommandTable {
  static let list = Option.option(.list, "TITLE")

  static let entries: [Command] = [
    Command(
      "add", section: .entries,
      listing: .init("add NAME… [--category C]", localized("Validate and append entries.")),
      usage: ["add NAME… [--category C] [--list TITLE] [--json]"],
      description: localized(
        """
        Validates each NAME with the list's rule and appends them all, as one action. If any
        name is refused, nothing is added. Prints each new entry's short id.
        """),
      options: [
        list,
        .option(
          .category, "C", help: localized("Give the entries category C (created when new).")),
        .flag(.json, help: localized("Print the new entries as a JSON array.")),
      ],
      run: { tool, arguments throws(CLIError) in try tool.add(arguments) }),
    Command(
      "show", section: .entries, listing: .init("show [--search Q] [--category C] [--json]"),
      usage: ["show [--search Q] [--category C] [--list TITLE] [--json]"],
      description: localized("Prints the list: position, short id, text and [category]."),
      options: [
        list,
        .option(
          .search, "Q", help: localized("Only entries containing Q (ignoring case and accents).")
        ),
        .option(.category, "C", help: localized("Only entries in category C.")),
        .flag(
          .json,
          help: #"A JSON array of {"position","id","text","category","created","updated"}."#),
      ],
      run: { tool, arguments throws(CLIError) in try tool.show(arguments) }),
    Command(
      "edit", section: .entries,
      listing: .init("edit ENTRY TEXT", localized("Replace an entry's text.")),
      usage: ["edit ENTRY TEXT [--list TITLE]"],
      description:
        localized(
          "Replaces the text of ENTRY (an id, an id prefix or #POSITION), validated by the list's"
            + " rule."),
      options: [list],
      run: { tool, arguments throws(CLIError) in try tool.edit(arguments) }),
    Command(
      "rm", section: .entries, listing: .init("rm ENTRY…", localized("Remove entries.")),
      usage: ["rm ENTRY… [--list TITLE]"],
      description: localized(
        """
        Removes entries (ids, id prefixes or #POSITIONs, all meaning the list before the removal),
        as one action.
        """),
      options: [list],
      run: { tool, arguments throws(CLIError) in try tool.remove(arguments) }),
    Command(
      "mv", section: .entries,
      listing: .init("mv ENTRY POSITION", localized("Move an entry to a 1-based position.")),
      usage: ["mv ENTRY POSITION [--list TITLE]"],
      description: localized(
        "Moves ENTRY so that it ends up at POSITION (1-based; written 3 or #3)."),
      options: [list],
      run: { tool, arguments throws(CLIError) in try tool.move(arguments) }),
    Command(
      "undo", section: .entries,
      listing: .init(
        "undo, redo",
        localized("Undo or redo the last action on the list,\nwhichever process made it.")),
      usage: ["undo [--list TITLE]"],
      description: localized(
        """
        Undoes the last action on the list, even one made by another process. The list keeps its
        last 100 actions. Exit status 1 when there is nothing to undo.
        """),
      options: [list],
      run: { tool, arguments throws(CLIError) in try tool.history(arguments, redo: false) }),
    // Listed with undo.
    Command(
      "redo", section: .entries, usage: ["redo [--list TITLE]"],
      description:
        localized(
          "Redoes the last undone action on the list. Exit status 1 when there is nothing to redo."),
      options: [list],
      run: { tool, arguments throws(CLIError) in try tool.history(arguments, redo: true) }),
  ]
}
