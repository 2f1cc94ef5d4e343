import Foundation
import RosterBackend
import RosterKit
import RosterLocalization
import RosterTransfer

/// `roster checkin`, `checkout`, `attendance`, `sessions …`, `statuses …`.
extension CommandLineTool {
  /// The store at `--db`, as attendance storage.
  func attendanceStore(_ arguments: Arguments) throws(CLIError)
    -> any CommandStorage & AttendanceStorage
  {
    let store = try store(arguments)
    guard let attending = store as? any CommandStorage & AttendanceStorage else {
      throw .failed(localized("This database does not keep attendance."))
    }
    return attending
  }

  func checkIn(_ arguments: Arguments) throws(CLIError) {
    let all = arguments.has(.all)
    let clear = arguments.has(.clear)
    if all, !arguments.positionals.isEmpty {
      throw arguments.usage(localized("--all checks in everyone: give no ENTRY with it."))
    }
    if all, clear { throw arguments.usage(localized("--all and --clear do not go together.")) }
    if clear, arguments.value(.status) != nil {
      throw arguments.usage(localized("--clear and --status do not go together."))
    }
    if all {
      try checkInAll(arguments)
      return
    }
    guard !arguments.positionals.isEmpty else {
      throw arguments.usage(localized("Give at least one ENTRY to check in."))
    }
    let status = arguments.value(.status)
    try act(arguments, creating: !clear) { ledger, entry, session, origin throws(AttendanceError) in
      if clear { return try ledger.clearing(entry, in: session, origin: origin) }
      if let status, let state = ledger.state(of: entry, in: session), state.status != status {
        return try ledger.changingStatus(of: entry, in: session, to: status, origin: origin)
      }
      return [
        try ledger.checkingIn(
          entry, in: session, status: status ?? AttendanceStatus.present.name, origin: origin)
      ]
    }
  }

  func checkOut(_ arguments: Arguments) throws(CLIError) {
    guard !arguments.positionals.isEmpty else {
      throw arguments.usage(localized("Give at least one ENTRY to check out."))
    }
    try act(arguments, creating: false) { ledger, entry, session, origin throws(AttendanceError) in
      [try ledger.checkingOut(entry, in: session, origin: origin)]
    }
  }

  /// Resolves the ENTRY arguments, produces each one's events over the session's states and
  /// records them as one undoable action; prints a line per event and a line per refusal.
  /// With `creating`, a new session is made only once the status (`--status`) is one of the
  /// list's and some ENTRY was found: refused input stores nothing, not even the session.
  private func act(
    _ arguments: Arguments, creating: Bool,
    _ produce: (AttendanceLedger, UUID, UUID, AttendanceOrigin) throws(AttendanceError) ->
      [AttendanceEvent]
  ) throws(CLIError) {
    var references: [EntryReference] = []
    for text in arguments.positionals { references.append(try reference(text, for: arguments)) }
    let list = try list(arguments)
    let store = try attendanceStore(arguments)
    let existing =
      creating
      ? nil : try session(arguments.value(.session), list: list, store: store, creating: false)
    if creating { try checkStatus(arguments.value(.status), list: list, store: store) }
    var failed = false
    var entries: [Entry] = []
    for reference in references {
      do throws(StoreError) {
        entries.append(try store.entry(reference, in: list.id))
      } catch {
        err.line(CLIError.store(error).message ?? "")
        failed = true
      }
    }
    if entries.isEmpty { throw .reported }
    let session: AttendanceSession
    if let existing {
      session = existing
    } else {
      session = try self.session(
        arguments.value(.session), list: list, store: store, creating: true)
    }
    let texts = Dictionary(entries.map { ($0.id, $0.text) }) { first, _ in first }
    let name = { (id: UUID) in texts[id].map(Self.quoted) ?? Self.shortID(id) }
    let record = try attempt { () throws(StoreError) in
      let origin = try store.attendanceOrigin()
      var ledger = try store.attendanceLedger(
        for: list.id, session: session.id, entries: entries.map(\.id))
      var events: [AttendanceEvent] = []
      var refused: [AttendanceRefusal] = []
      for entry in entries {
        do throws(AttendanceError) {
          let made = try produce(ledger, entry.id, session.id, origin)
          ledger.apply(contentsOf: made)
          events += made
        } catch {
          switch error {
          case .sessionNotFound, .statusNotFound, .invalidStatusName: throw .attendance(error)
          default: refused.append(AttendanceRefusal(entry: entry.id, error: error))
          }
        }
      }
      var record = try store.record(events, in: list.id, undoable: true)
      record.refused = refused + record.refused
      return record
    }
    for (event, counts) in zip(record.stored, record.counts) {
      out.line(Self.describe(event, name: name(event.entry), counts: counts, of: list.count))
    }
    for refusal in record.refused {
      err.line("roster: " + AttendanceErrorWording.sentence(for: refusal.error, naming: name))
      failed = true
    }
    if failed { throw .reported }
  }

  /// An entry's text in the language's quotation marks: “Zoë Saldaña”.
  private static func quoted(_ text: String) -> String { localized("“%@”", text) }

  /// A stored event's line: `Checked in 4427d28c “Zoë Saldaña” (13 of 40).`
  private static func describe(
    _ event: AttendanceEvent, name: String, counts: AttendanceCounts, of total: Int
  ) -> String {
    let id = shortID(event.entry)
    switch event.kind {
    case .checkin where event.status == AttendanceStatus.present.name:
      return localized("Checked in %1$@ %2$@ (%3$@ of %4$@).", id, name, counts.checkedIn, total)
    case .checkin, .status:
      return localized(
        "Marked %1$@ %2$@ %3$@ (%4$@ of %5$@ checked in).", id, name, event.status ?? "",
        counts.checkedIn, total)
    case .checkout:
      return localized(
        "Checked out %1$@ %2$@ (%3$@ of %4$@ inside).", id, name, counts.inside, total)
    case .clear:
      return localized(
        "Cleared %1$@ %2$@ (%3$@ of %4$@ checked in).", id, name, counts.checkedIn, total)
    }
  }

  private func checkInAll(_ arguments: Arguments) throws(CLIError) {
    let list = try list(arguments)
    let store = try attendanceStore(arguments)
    let status = arguments.value(.status) ?? AttendanceStatus.present.name
    try checkStatus(status, list: list, store: store)
    let session = try session(arguments.value(.session), list: list, store: store, creating: true)
    let record = try attempt { () throws(StoreError) in
      try store.checkInAll(session: session.id, status: status, in: list.id)
    }
    guard let counts = record.counts.last else {
      out.line(localized("Everyone in “%1$@” is already marked in %2$@.", list.title, session.name))
      return
    }
    out.line(
      localizedPlural(
        "Marked %1$@ entry %2$@ in %3$@ (%4$@ of %5$@ checked in).",
        "Marked %1$@ entries %2$@ in %3$@ (%4$@ of %5$@ checked in).", count: record.stored.count,
        record.stored.count, status, session.name, counts.checkedIn, list.count))
  }

  func showAttendance(_ arguments: Arguments) throws(CLIError) {
    try arguments.expect(0...0, localized("no arguments"))
    if try checkRegisterOptions(arguments) {
      try showRegister(arguments)
      return
    }
    if arguments.has(.log) {
      try showAttendanceLog(arguments)
      return
    }
    let list = try list(arguments)
    let store = try attendanceStore(arguments)
    let session = try existingSession(arguments, list: list, store: store)
    let ledger = try attempt { () throws(StoreError) in
      try store.attendanceLedger(for: list.id, session: session.id, entries: nil)
    }
    var entries: [Entry] = []
    try attempt { () throws(StoreError) in
      try store.forEachEntry(in: list.id) { entries.append($0) }
    }
    let counts = ledger.counts(in: session.id)
    if arguments.has(.json) {
      out.line(
        JSONText.array(
          entries.enumerated().map { offset, entry in
            let state = ledger.state(of: entry.id, in: session.id)
            return JSONText.object([
              ("position", String(offset + 1)), ("id", JSONText.string(UUIDText.string(entry.id))),
              ("text", JSONText.string(entry.text)),
              ("category", JSONText.optional(entry.category)),
              ("status", JSONText.optional(state?.status)),
              ("at", JSONText.optional(state.map { Timestamp.format($0.marked.at) })),
              ("by", JSONText.optional(state?.marked.by)),
              ("device", JSONText.optional(state?.marked.device)),
              ("left_at", JSONText.optional(state?.leftAt.map(Timestamp.format))),
            ])
          }))
      return
    }
    let width = String(entries.count).count
    let textWidth = entries.map(\.text.count).max() ?? 0
    let statusWidth = ledger.statuses.map(\.name.count).max() ?? 1
    for (offset, entry) in entries.enumerated() {
      let number = String(offset + 1)
      var line = String(repeating: " ", count: width - number.count) + number + "  "
      line += out.styled(Self.shortID(entry.id), "2") + "  " + entry.text
      guard let state = ledger.state(of: entry.id, in: session.id) else {
        out.line(line + String(repeating: " ", count: textWidth - entry.text.count) + "  -")
        continue
      }
      line += String(repeating: " ", count: textWidth - entry.text.count) + "  " + state.status
      line += String(repeating: " ", count: max(0, statusWidth - state.status.count)) + "  "
      line += AttendanceErrorWording.clockTime(state.marked.at) + "  " + state.marked.by
      if let left = state.leftAt {
        line += "  " + localized("left at %@", AttendanceErrorWording.clockTime(left))
      }
      out.line(line)
    }
    out.line(
      localized(
        "%1$@ of %2$@ checked in, %3$@ inside.", counts.checkedIn, entries.count, counts.inside))
  }

  private func showAttendanceLog(_ arguments: Arguments) throws(CLIError) {
    let list = try list(arguments)
    let store = try attendanceStore(arguments)
    let session = try arguments.value(.session).map { name throws(CLIError) in
      try self.session(name, list: list, store: store, creating: false)
    }
    let (events, sessions, statuses) = try attempt { () throws(StoreError) in
      (
        try store.attendanceLog(in: list.id, session: session?.id, after: 0),
        try store.attendanceSessions(in: list.id), try store.attendanceStatuses(in: list.id)
      )
    }
    // The log replayed: the ledger flags each check-in kept as a double check-in.
    let doubles = AttendanceLedger(
      statuses: statuses, sessions: sessions.map(\.session), events: events
    ).doubleCheckIns
    var texts: [UUID: String] = [:]
    try attempt { () throws(StoreError) in
      try store.forEachEntry(in: list.id) { texts[$0.id] = $0.text }
    }
    let names = Dictionary(sessions.map { ($0.session.id, $0.session.name) }) { first, _ in first }
    let sessionName = { (id: UUID) in names[id] ?? UUIDText.string(id) }
    if arguments.has(.json) {
      out.line(
        JSONText.array(
          events.map { event in
            JSONText.object([
              ("sequence", event.sequence.map(String.init) ?? "null"),
              ("kind", JSONText.string(event.kind.rawValue)),
              ("session", JSONText.string(sessionName(event.session))),
              ("id", JSONText.string(UUIDText.string(event.entry))),
              ("text", JSONText.optional(texts[event.entry])),
              ("status", JSONText.optional(event.status)),
              ("at", JSONText.string(Timestamp.format(event.at))),
              ("received_at", JSONText.optional(event.receivedAt.map(Timestamp.format))),
              ("by", JSONText.string(event.by)), ("device", JSONText.string(event.device)),
              ("event", JSONText.string(UUIDText.string(event.id))),
              ("reverts", JSONText.optional(event.reverts.map(UUIDText.string))),
              ("offline", event.madeOffline ? "true" : "false"),
              ("double", doubles[event.id] == nil ? "false" : "true"),
            ])
          }))
      return
    }
    if events.isEmpty { out.line(localized("No attendance events in “%@”.", list.title)) }
    for event in events {
      var line = String(event.sequence ?? 0) + "  " + AttendanceErrorWording.clockTime(event.at)
      line += "  " + event.kind.rawValue + "  " + sessionName(event.session) + "  "
      line += out.styled(Self.shortID(event.entry), "2")
      line += "  " + (texts[event.entry] ?? "-") + "  " + (event.status ?? "-")
      line += "  " + event.by + " (" + event.device + ")"
      if event.madeOffline { line += " " + localized("(offline)") }
      if doubles[event.id] != nil { line += "  " + localized("double check-in") }
      out.line(line)
    }
  }

  func listSessions(_ arguments: Arguments) throws(CLIError) {
    try arguments.expect(0...0, localized("no arguments"))
    let list = try list(arguments)
    let store = try attendanceStore(arguments)
    let sessions = try attempt { () throws(StoreError) in
      try store.attendanceSessions(in: list.id)
    }
    if arguments.has(.json) {
      out.line(
        JSONText.array(
          sessions.map {
            JSONText.object([
              ("name", JSONText.string($0.session.name)),
              ("checked_in", String($0.counts.checkedIn)), ("inside", String($0.counts.inside)),
              ("marked", String($0.counts.marked)), ("events", String($0.events)),
            ])
          }))
      return
    }
    if sessions.isEmpty { out.line(localized("“%@” has no sessions.", list.title)) }
    let width = sessions.map(\.session.name.count).max() ?? 0
    for summary in sessions {
      let padding = String(repeating: " ", count: width - summary.session.name.count)
      out.line(
        summary.session.name + padding + "  "
          + localizedPlural(
            "%1$@ of %2$@ checked in, %3$@ inside, %4$@ marked, %5$@ event",
            "%1$@ of %2$@ checked in, %3$@ inside, %4$@ marked, %5$@ events",
            count: summary.events, summary.counts.checkedIn, list.count, summary.counts.inside,
            summary.counts.marked, summary.events))
    }
  }

  func renameSession(_ arguments: Arguments) throws(CLIError) {
    try arguments.expect(2...2, localized("OLD and NEW session names"))
    let (old, new) = (arguments.positionals[0], arguments.positionals[1])
    for name in [old, new] { try checkSessionName(name) }
    let list = try list(arguments)
    let store = try attendanceStore(arguments)
    let renamed = try attempt { () throws(StoreError) in
      try store.renameSession(named: old, to: new, in: list.id)
    }
    out.line(localized("Renamed the session “%1$@” to “%2$@”.", old, renamed.name))
  }

  func deleteSession(_ arguments: Arguments) throws(CLIError) {
    try arguments.expect(1...1, localized("a session NAME"))
    let name = arguments.positionals[0]
    try checkSessionName(name)
    let list = try list(arguments)
    let store = try attendanceStore(arguments)
    try attempt { () throws(StoreError) in
      try store.deleteSession(named: name, force: arguments.has(.force), in: list.id)
    }
    out.line(localized("Deleted the session “%@”.", name))
  }

  func listStatuses(_ arguments: Arguments) throws(CLIError) {
    try arguments.expect(0...0, localized("no arguments"))
    let list = try list(arguments)
    let store = try attendanceStore(arguments)
    let statuses = try attempt { () throws(StoreError) in
      try store.attendanceStatuses(in: list.id)
    }
    if arguments.has(.json) {
      out.line(
        JSONText.array(
          statuses.map {
            JSONText.object([
              ("name", JSONText.string($0.name)),
              ("counts_as", JSONText.string($0.countsAs.rawValue)),
            ])
          }))
      return
    }
    let width = statuses.map(\.name.count).max() ?? 0
    for status in statuses {
      let padding = String(repeating: " ", count: width - status.name.count)
      out.line(status.name + padding + "  " + Self.presence(status.countsAs))
    }
  }

  private static func presence(_ presence: AttendanceStatus.Presence) -> String {
    switch presence {
    case .present: localized("counts as present")
    case .absent: localized("counts as absent")
    }
  }

  func addStatus(_ arguments: Arguments) throws(CLIError) {
    try arguments.expect(1...1, localized("a status NAME"))
    // A status added is most often another way of being here (online, guest, early): it counts
    // as present unless told otherwise; the defaults already cover the ways of being away.
    var presence = AttendanceStatus.Presence.present
    if let given = arguments.value(.countsAs) {
      guard let parsed = AttendanceStatus.Presence(rawValue: given) else {
        throw arguments.usage(localized("Unknown --counts-as “%@”: use present or absent.", given))
      }
      presence = parsed
    }
    do throws(AttendanceError) {
      _ = try AttendanceStatus(validating: arguments.positionals[0], countsAs: presence)
    } catch {
      throw statusError(error, name: arguments.positionals[0])
    }
    let list = try list(arguments)
    let store = try attendanceStore(arguments)
    let status = try attempt { () throws(StoreError) in
      try store.addAttendanceStatus(
        named: arguments.positionals[0], countsAs: presence, in: list.id)
    }
    out.line(
      localized("Added the status “%1$@” (%2$@).", status.name, Self.presence(status.countsAs)))
  }

  /// `roster undo` when the user's last attendance action is newer than the list's last edit:
  /// undoes it and returns `true`.
  func undoAttendance(_ arguments: Arguments, list: ListSummary) throws(CLIError) -> Bool {
    guard let store = try store(arguments) as? any CommandStorage & AttendanceStorage else {
      return false
    }
    // A step whose entries all changed since (or whose session was deleted) reverts nothing:
    // the next one is undone instead, while it is still newer than the list's last edit.
    let record = try attempt { () throws(StoreError) -> AttendanceRecord? in
      while try store.attendanceUndoIsNewest(in: list.id) {
        guard let record = try store.undoAttendance(in: list.id) else { return nil }
        if !record.stored.isEmpty { return record }
      }
      return nil
    }
    guard let record else { return false }
    var names: [String] = []
    for event in record.stored.prefix(3) {
      let text = try? attempt { () throws(StoreError) in
        try store.entry(.id(event.entry), in: list.id).text
      }
      names.append(text.map(Self.quoted) ?? Self.shortID(event.entry))
    }
    var phrase = names.joined(separator: ", ")
    if record.stored.count > 3 {
      phrase = localized("%1$@ and %2$@ more", phrase, record.stored.count - 3)
    }
    out.line(
      localized("Undid the last attendance action on “%1$@”: reverted %2$@.", list.title, phrase))
    return true
  }
}
