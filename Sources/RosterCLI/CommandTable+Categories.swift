import RosterLocalization

/// `roster categories …`
extension CommandTable {
  static let categories: [Command] = [
    Command(
      "categories", section: .categories, listing: .init("categories [--json]"),
      usage: ["categories [--list TITLE] [--json]"],
      description: localized(
        "Shows the list's categories: name, colour and how many entries carry each."),
      options: [list, .flag(.json)],
      run: { tool, arguments throws(CLIError) in try tool.listCategories(arguments) }),
    Command(
      "categories color", section: .categories,
      listing: .init("categories color NAME '#rrggbb'"),
      usage: ["categories color NAME '#rrggbb' [--list TITLE]"],
      description: localized("Sets a category's badge colour."),
      options: [list],
      run: { tool, arguments throws(CLIError) in try tool.colorCategory(arguments) }),
    Command(
      "categories rename", section: .categories, listing: .init("categories rename OLD NEW"),
      usage: ["categories rename OLD NEW [--list TITLE]"],
      description: localized("Renames a category and every entry that carries it, as one action."),
      options: [list],
      run: { tool, arguments throws(CLIError) in try tool.renameCategory(arguments) }),
  ]
}
