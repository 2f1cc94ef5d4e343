import RosterLocalization

/// `roster lists …`
extension CommandTable {
  static let lists: [Command] = [
    Command(
      "lists", section: .lists,
      listing: .init("lists [--json]", localized("Show every list with its entry count.")),
      usage: ["lists [--json]"],
      description: localized("Shows every list: title, entry count and rule."),
      options: [.flag(.json, help: #"One JSON array of {"id","title","rule","count"}."#)],
      run: { tool, arguments throws(CLIError) in try tool.listLists(arguments) }),
    Command(
      "lists create", section: .lists,
      listing: .init("lists create TITLE [--rule R] [--pattern REGEX] [--team ROLE]"),
      usage: [
        "lists create TITLE [--rule personal-name|text|pattern] [--pattern REGEX] [--team ROLE]"
      ],
      description: localized(
        """
        Creates a list. The rule decides what entries it accepts:
          personal-name   people's names in every script (the default)
          text            any single line of text
          pattern         a whole-string regular expression (--pattern), over the text rule
        On PostgreSQL, --team ROLE gives the list to a team (a role you are a member of): its
        members see and edit it. Without --team the list is yours alone.
        """),
      options: [.option(.rule, "R"), .option(.pattern, "REGEX"), .option(.team, "ROLE")],
      run: { tool, arguments throws(CLIError) in try tool.createList(arguments) }),
    Command(
      "lists rename", section: .lists, listing: .init("lists rename OLD NEW"),
      usage: ["lists rename OLD NEW"],
      description: localized("Renames a list (undoable with `roster undo --list NEW`)."),
      run: { tool, arguments throws(CLIError) in try tool.renameList(arguments) }),
    Command(
      "lists delete", section: .lists, listing: .init("lists delete TITLE"),
      usage: ["lists delete TITLE"],
      description:
        localized("Deletes a list with its entries, categories and history. Cannot be undone."),
      run: { tool, arguments throws(CLIError) in try tool.deleteList(arguments) }),
  ]
}
