import RosterLocalization

/// `roster checkin`, `checkout`, `attendance`, `sessions …`, `statuses …`.
extension CommandTable {
  static let session = Option.option(
    .session, "S",
    help: localized("The session (an evening, a class day); default today's date, YYYY-MM-DD."))

  static let attendance: [Command] = [
    Command(
      "checkin", section: .attendance,
      listing: .init(
        "checkin ENTRY… [--status STATUS]", localized("Check entries in (first check-in wins).")),
      usage: [
        "checkin ENTRY… [--session S] [--status STATUS] [--list TITLE]",
        "checkin --all [--session S] [--status STATUS] [--list TITLE]",
        "checkin --clear ENTRY… [--session S] [--list TITLE]",
      ],
      description: localized(
        """
        Checks each ENTRY in for the session, as one undoable action, and prints the count.
        An entry already checked in is refused with who checked it in, when and where (exit
        status 1); the others are still checked in. --status over an entry already marked
        changes its status on purpose (logged).
        """),
      options: [
        list, session,
        .option(
          .status, "STATUS",
          help: localized("The status to give: present (the default), late, excused, absent…")),
        .flag(.all, help: localized("Everyone not yet marked in the session, as one action.")),
        .flag(.clear, help: localized("Back to not marked (a revert, logged).")),
      ],
      run: { tool, arguments throws(CLIError) in try tool.checkIn(arguments) }),
    Command(
      "checkout", section: .attendance,
      listing: .init("checkout ENTRY…", localized("Record that entries left.")),
      usage: ["checkout ENTRY… [--session S] [--list TITLE]"],
      description: localized(
        """
        Checks each ENTRY out (left) of the session, as one undoable action. An entry not
        checked in is refused (exit status 1).
        """),
      options: [list, session],
      run: { tool, arguments throws(CLIError) in try tool.checkOut(arguments) }),
    Command(
      "attendance", section: .attendance,
      listing: .init(
        "attendance [--log|--register] [--json]",
        localized("Who is checked in and inside, the log, or the register.")),
      usage: [
        "attendance [--session S] [--list TITLE] [--json]",
        "attendance --log [--session S] [--list TITLE] [--json]",
        "attendance --register [--csv [--bom]] [-o FILE] [--list TITLE]",
      ],
      description: localized(
        """
        Prints every entry in list order with its state in the session: position, short id,
        text, status (or -), time and who; the last line counts those checked in and inside.
        With --log, prints the session's events in the order the store received them.

        With --register, prints the class register: a row per entry, a column per session in
        the order they were made, each cell the entry's status as a mark (P present, L late,
        E excused, A absent; a status added later, its first letter in capitals, or its first
        two letters, three…, when an earlier status has that mark: online O, early Ea) or
        empty when not marked; the last row counts each session's checked in.
        """),
      options: [
        list, session,
        .flag(.log, help: localized("The events instead: kind, time, entry, status, who, device.")),
        .flag(.register, help: localized("The class register: every entry in every session.")),
        .flag(
          .csv,
          help: localized(
            "--register as CSV: position,id,text, a column per session, CRLF line ends.")),
        .flag(.bom, help: localized("CSV: start with a UTF-8 byte-order mark, for spreadsheets.")),
        .option(.output, "FILE", short: "-o", help: localized("--register: write it to FILE.")),
        .flag(
          .json,
          help:
            #"A JSON array of {"position","id","text","category","status","at","by","device","left_at"}; with --log {"sequence","kind","session","id","text","status","at","received_at","by","device","event","reverts","offline","double"}."#
        ),
      ],
      run: { tool, arguments throws(CLIError) in try tool.showAttendance(arguments) }),
    Command(
      "sessions", section: .attendance,
      listing: .init("sessions [--json]", localized("Show the list's sessions with their counts.")),
      usage: ["sessions [--list TITLE] [--json]"],
      description: localized(
        "Shows the list's sessions in the order they were made, each with its counts."),
      options: [
        list,
        .flag(.json, help: #"A JSON array of {"name","checked_in","inside","marked","events"}."#),
      ],
      run: { tool, arguments throws(CLIError) in try tool.listSessions(arguments) }),
    Command(
      "sessions rename", section: .attendance, listing: .init("sessions rename OLD NEW"),
      usage: ["sessions rename OLD NEW [--list TITLE]"],
      description: localized("Renames a session; its events stay with it."),
      options: [list],
      run: { tool, arguments throws(CLIError) in try tool.renameSession(arguments) }),
    Command(
      "sessions delete", section: .attendance, listing: .init("sessions delete NAME [--force]"),
      usage: ["sessions delete NAME [--force] [--list TITLE]"],
      description: localized(
        "Deletes a session: refused while it has events, unless --force. The log keeps them."),
      options: [list, .flag(.force)],
      run: { tool, arguments throws(CLIError) in try tool.deleteSession(arguments) }),
    Command(
      "statuses", section: .attendance,
      listing: .init("statuses [--json]", localized("Show the list's statuses.")),
      usage: ["statuses [--list TITLE] [--json]"],
      description: localized(
        "Shows the list's statuses in order, each counting as present or absent."),
      options: [list, .flag(.json, help: #"A JSON array of {"name","counts_as"}."#)],
      run: { tool, arguments throws(CLIError) in try tool.listStatuses(arguments) }),
    Command(
      "statuses add", section: .attendance,
      listing: .init("statuses add NAME [--counts-as present|absent]"),
      usage: ["statuses add NAME [--counts-as present|absent] [--list TITLE]"],
      description: localized(
        """
        Adds a status to the list, last. It counts as present (checked in), like online or
        guest, unless --counts-as absent, like sick.
        """),
      options: [list, .option(.countsAs, "present|absent")],
      run: { tool, arguments throws(CLIError) in try tool.addStatus(arguments) }),
  ]
}
