import RosterLocalization

/// `roster sort`, `roster lists keep-sorted`.
extension CommandTable {
  /// The options that say how to sort, shared by `sort` and `lists keep-sorted`.
  static let sortOptions: [Option] = [
    .option(
      .by, "text|last-word",
      help: localized(
        """
        Compare the whole text (the default), or its last word (a family
        name written last) and then the whole text.
        """)),
    .option(
      .locale, "LOCALE",
      help: localized(
        """
        Collate as LOCALE does: de_DE.UTF-8, de-DE or de. Default: $LC_ALL, else
        $LC_COLLATE, else $LANG, else the root collation.
        """)),
    .flag(.reverse, help: localized("Z–A instead of A–Z.")),
  ]

  static let sorting: [Command] = [
    Command(
      "sort", section: .entries,
      listing: .init(
        "sort [--by text|last-word] [--reverse]", localized("Sort the list A–Z or Z–A.")),
      usage: ["sort [--list TITLE] [--by text|last-word] [--locale LOCALE] [--reverse]"],
      description: localized(
        """
        Sorts the list by the collation of a locale (ICU's): letters first, then accents, then
        case. Entries that compare equal keep their order. One action: `roster undo` puts
        every entry back. A list that keeps itself sorted keeps the new order.
        """),
      options: [list] + sortOptions,
      run: { tool, arguments throws(CLIError) in try tool.sort(arguments) }),
    Command(
      "lists keep-sorted", section: .lists,
      listing: .init("lists keep-sorted TITLE on|off [--by B] [--locale L] [--reverse]"),
      usage: [
        "lists keep-sorted TITLE on [--by text|last-word] [--locale LOCALE] [--reverse]",
        "lists keep-sorted TITLE off",
      ],
      description: localized(
        """
        With on, sorts the list and keeps it sorted: added and edited entries go to their
        place, and `roster mv` is refused. With off, entries stay where they are. The order
        and its locale are stored with the list. Undoable with `roster undo --list TITLE`.
        """),
      options: sortOptions,
      run: { tool, arguments throws(CLIError) in try tool.keepSorted(arguments) }),
  ]
}
