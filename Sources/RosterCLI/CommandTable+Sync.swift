import RosterLocalization

/// `roster sync`
extension CommandTable {
  static let sync = Command(
    "sync", section: .lists,
    listing: .init(
      "sync [--status [--json]]",
      localized("Send this machine's waiting changes to the server\nand fetch the server's.")),
    usage: ["sync", "sync --status [--json]"],
    description: localized(
      """
      On a PostgreSQL database, this machine keeps a replica of the lists you may see, in
      $XDG_STATE_HOME/roster/replicas (else ~/.local/state/roster/replicas). sync sends the
      changes made with --offline-ok that wait in it, in the order they were made, each applied
      once by the server, then fetches the server's changes, and prints how many lists there are
      and how many changes still wait. Changes the server refuses (their entry or list was
      deleted meanwhile) are printed on standard error, one line each, and kept for --status.
      Exit status 1 when the server cannot be reached: the changes keep waiting.
      """),
    options: [
      .flag(
        .status,
        help: localized(
          "Say how many changes wait, when the replica was last in sync, and what the server\n"
            + "refused, without contacting the server.")),
      .flag(
        .json,
        help: #"With --status: {"waiting","last_sync","rejected":[…]}."#
          + #" Each rejected: {"list","entry","reason","at"}."#),
    ],
    details: localized(
      """
      With --offline-ok (or ROSTER_OFFLINE_OK=1), add, edit, rm, mv, show, lists, checkin,
      checkout, attendance, sessions and statuses work on the replica when the server cannot be
      reached within 2 s, and their changes wait in it until a later command or roster sync
      sends them. A check-in made offline that reaches the server after another door's check-in
      of the same entry is kept as a double check-in and reported.
      """),
    run: { tool, arguments throws(CLIError) in try tool.sync(arguments) })
}
