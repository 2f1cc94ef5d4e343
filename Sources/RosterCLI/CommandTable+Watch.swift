import RosterLocalization

/// `roster watch`
extension CommandTable {
  static let watch = Command(
    "watch", section: .lists,
    listing: .init(
      "watch [--list TITLE] [--json]", localized("Print each change to the lists as it lands.")),
    usage: ["watch [--list TITLE] [--json]"],
    description: localized(
      """
      Follows one list (--list TITLE) or every list, and prints each change other processes
      make from now on: entries added, changed, removed or moved, and check-ins, status
      changes, check-outs and clears (undos included), one line each. Lists
      created or deleted meanwhile are followed or dropped. It keeps running when the database
      cannot be reached for a while, and catches up without repeating or skipping a change.
      Stop it with Ctrl-C.
      """),
    options: [
      .option(.list, "TITLE", help: localized("Follow only this list.")),
      .flag(.json, help: localized("One JSON object per change and line, for programs.")),
    ],
    details: localized(
      """
      A JSON line has list (the title), kind (insert, update, remove or move), id, text,
      category, position and seq. position is 1-based: where an insert or a move put the
      entry, where a removal took it from (none for an update). Replayed in order, the lines
      turn a copy of the list into the stored list. seq is the change-log position of the
      action; the lines of one action share it. An attendance line has list, kind (checkin,
      status, checkout or clear), session (its name), id and text of the entry (text null
      once deleted), status (null for checkout and clear), by, device, at (ISO 8601, when it
      happened on the device) and event (its id); programs replaying edits skip these kinds.
      Status messages go to standard error.
      """),
    run: { tool, arguments throws(CLIError) in try tool.watch(arguments) })
}
