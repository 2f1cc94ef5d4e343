import RosterLocalization

/// `roster db …`
extension CommandTable {
  static let database: [Command] = [
    Command(
      "db init", section: .lists,
      listing: .init("db init", localized("Create or migrate the database's schema.")),
      usage: ["db init"],
      description: localized(
        """
        Creates the database's schema, or migrates it to this version of Roster. A SQLite file
        needs no init (it is prepared when first opened). A PostgreSQL database (--db URI) needs
        it once, run by the database's owner; after it, any role that can connect can use
        Roster there.
        """),
      run: { tool, arguments throws(CLIError) in try tool.initializeDatabase(arguments) })
  ]
}
