package import Foundation
package import RosterKit

/// The attendance actions, the same on every SQL engine; ``SQLStorage``'s public
/// ``AttendanceStorage`` methods call these.
extension AttendanceRowStore {
  /// How many attendance steps each actor keeps for undo in each list.
  package static var attendanceUndoLimit: Int { 100 }

  // MARK: Statuses

  /// The list's statuses, the defaults when none is stored.
  package func statuses(of list: ListRow) throws(StoreError) -> [AttendanceStatus] {
    let stored = try storedStatuses(of: list)
    return stored.isEmpty ? AttendanceStatus.defaults : stored
  }

  /// ``AttendanceStorage/attendanceStatuses(in:)``. O(t).
  package func performStatuses(in id: UUID) throws(StoreError) -> [AttendanceStatus] {
    try read { () throws(StoreError) in try statuses(of: try listForReading(id)) }
  }

  /// ``AttendanceStorage/addAttendanceStatus(named:countsAs:in:)``: the defaults are stored
  /// first when the list has none yet. O(t).
  package func performAddStatus(
    named name: String, countsAs: AttendanceStatus.Presence, in id: UUID
  ) throws(StoreError) -> AttendanceStatus {
    let status = try StoreError.attending { () throws(AttendanceError) in
      try AttendanceStatus(validating: name, countsAs: countsAs)
    }
    return try write { () throws(StoreError) in
      let list = try listForWriting(id)
      var stored = try storedStatuses(of: list)
      if stored.isEmpty {
        for (position, status) in AttendanceStatus.defaults.enumerated() {
          try insertStatus(status, position: position, in: list)
        }
        stored = AttendanceStatus.defaults
      }
      guard !stored.contains(where: { $0.name == status.name }) else {
        throw .attendance(.statusExists(status.name))
      }
      try insertStatus(status, position: stored.count, in: list)
      try announceAttendance(of: list, sequence: 0)
      return status
    }
  }

  // MARK: Sessions

  /// ``AttendanceStorage/attendanceSessions(in:)``. O(s + c).
  package func performSessions(in id: UUID) throws(StoreError) -> [AttendanceSessionSummary] {
    try read { () throws(StoreError) in try storedSessions(of: try listForReading(id)) }
  }

  /// ``AttendanceStorage/session(named:in:creating:at:calendar:)``: read first, and made in a
  /// write transaction only when missing. O(m + log s).
  package func performSession(
    named given: String?, in id: UUID, creating: Bool, at date: Date, calendar: Calendar
  ) throws(StoreError) -> AttendanceSession {
    let name = try AttendanceCoding.sessionName(given, at: date, calendar: calendar)
    let found = try read { () throws(StoreError) in
      try storedSession(named: name, in: try listForReading(id))?.session
    }
    if let found { return found }
    guard creating else { throw .attendance(.sessionNotFound(name)) }
    return try write { () throws(StoreError) in
      let list = try listForWriting(id)
      if let made = try storedSession(named: name, in: list) { return made.session }
      let session = AttendanceSession(id: makeID(), name: name)
      try insertSession(session, in: list)
      try announceAttendance(of: list, sequence: 0)
      return session
    }
  }

  /// ``AttendanceStorage/renameSession(named:to:in:)``. O(m + log s).
  package func performRenameSession(named old: String, to new: String, in id: UUID)
    throws(StoreError) -> AttendanceSession
  {
    let (old, new) = (
      try AttendanceCoding.sessionName(old), try AttendanceCoding.sessionName(new)
    )
    return try write { () throws(StoreError) in
      let list = try listForWriting(id)
      guard var session = try storedSession(named: old, in: list)?.session else {
        throw .attendance(.sessionNotFound(old))
      }
      guard old != new else { return session }
      guard try storedSession(named: new, in: list) == nil else {
        throw .attendance(.sessionExists(new))
      }
      try setSessionName(new, of: session.id, in: list)
      try announceAttendance(of: list, sequence: 0)
      session.name = new
      return session
    }
  }

  /// ``AttendanceStorage/deleteSession(named:force:in:)``. O(k + log s).
  package func performDeleteSession(named given: String, force: Bool, in id: UUID)
    throws(StoreError)
  {
    let name = try AttendanceCoding.sessionName(given)
    try write { () throws(StoreError) in
      let list = try listForWriting(id)
      guard let found = try storedSession(named: name, in: list) else {
        throw .attendance(.sessionNotFound(name))
      }
      guard found.events == 0 || force else {
        throw .attendance(.sessionHasEvents(name, count: found.events))
      }
      try deleteSessionRows(found.session.id, in: list)
      try announceAttendance(of: list, sequence: 0)
    }
  }

  // MARK: Recording

  /// ``AttendanceStorage/record(_:in:undoable:)``: one write transaction, and an undo step for
  /// the actor when asked and something was stored. O(k log n) for k events.
  package func performRecord(_ events: [AttendanceEvent], in id: UUID, undoable: Bool)
    throws(StoreError) -> AttendanceRecord
  {
    let actor = try attendanceActor()
    return try write { () throws(StoreError) in
      let list = try listForWriting(id)
      let record = try store(events, in: list, actor: actor)
      if undoable, !record.stored.isEmpty {
        try pushAttendanceStep(
          record.stored, by: actor.by, position: try logPosition(of: list), in: list)
      }
      return record
    }
  }

  /// Appends `events` in order inside the caller's write transaction, each checked against
  /// the stored state by the ledger's rules over that one entry's slot: first check-in wins
  /// here, where the list's writers queue (SQLite's `BEGIN IMMEDIATE`, PostgreSQL's lock on the
  /// list's row). A check-in made offline that comes second is appended without touching its
  /// slot or the counts, and reported in ``AttendanceRecord/doubles``.
  /// - Complexity: O(k (log n + t)) for k events and t statuses.
  private func store(
    _ events: [AttendanceEvent], in list: ListRow, actor: (by: String, device: String)
  ) throws(StoreError) -> AttendanceRecord {
    var record = AttendanceRecord()
    guard !events.isEmpty else { return record }
    let statuses = try statuses(of: list)
    var sessions: [UUID: AttendanceSessionSummary] = [:]
    var sequence: Int64 = 0
    for given in events {
      let event = AttendanceCoding.stamped(given, by: actor.by, device: actor.device)
      let refuse = {
        record.refused.append(AttendanceRefusal(entry: event.entry, error: $0, event: event))
      }
      var found = sessions[event.session]
      if found == nil { found = try storedSession(id: event.session, in: list) }
      guard let session = found else {
        refuse(.sessionNotFound(UUIDText.string(event.session)))
        continue
      }
      if event.kind == .checkin || event.kind == .status {
        let status = event.status ?? AttendanceStatus.present.name
        guard statuses.contains(where: { $0.name == status }) else {
          refuse(.statusNotFound(status))
          continue
        }
      }
      guard try !hasEvent(event.id, in: list) else { continue }
      guard try located(event.entry, in: list) != nil else {
        refuse(.entryRemoved(event.entry))
        continue
      }
      var ledger = AttendanceLedger(statuses: statuses, sessions: [session.session])
      if let slot = try slot(of: event.entry, in: session.session.id, list: list) {
        ledger.restore(slot, of: event.entry, in: session.session.id)
      }
      let before = ledger.counts(in: session.session.id)
      var double: AttendanceCheckIn?
      if case .doubleCheckIn(let first) = ledger.apply(event) {
        // An offline check-in that lost the race is kept, flagged; an online one is refused.
        guard event.madeOffline else {
          refuse(.alreadyCheckedIn(first))
          continue
        }
        double = first
      }
      let delta = AttendanceCoding.difference(ledger.counts(in: session.session.id), before)
      sequence = try nextAttendanceSequence(of: list)
      let stored = event.received(at: now(), sequence: sequence)
      try appendEvent(stored, in: list)
      if double == nil {
        try writeSlot(
          ledger.slot(of: event.entry, in: session.session.id), of: event.entry,
          in: session.session.id, list: list)
      }
      try adjustSession(session.session.id, by: delta, events: 1, in: list)
      var after = session
      after.counts = AttendanceCoding.adding(delta, to: session.counts)
      after.events += 1
      sessions[event.session] = after
      if let first = double {
        record.doubles.append(AttendanceCoding.double(stored, first: first))
      } else {
        record.stored.append(stored)
        record.counts.append(after.counts)
      }
    }
    if sequence > 0 { try announceAttendance(of: list, sequence: sequence) }
    return record
  }

  // MARK: Reading

  /// ``AttendanceStorage/attendanceLedger(for:)``. O(s + e).
  package func performLedger(for id: UUID) throws(StoreError) -> AttendanceLedger {
    try read { () throws(StoreError) in
      let list = try listForReading(id)
      var ledger = AttendanceLedger(
        statuses: try statuses(of: list),
        sessions: try storedSessions(of: list).map(\.session),
        events: try events(of: list, session: nil, after: 0))
      for entry in try removedMarkedEntries(of: list) { ledger.removeEntry(entry) }
      return ledger
    }
  }

  /// ``AttendanceStorage/attendanceLedger(for:session:entries:)``. O(k log n), or O(m).
  package func performLedger(for id: UUID, session: UUID, entries: [UUID]?)
    throws(StoreError) -> AttendanceLedger
  {
    try read { () throws(StoreError) in
      let list = try listForReading(id)
      guard try storedSession(id: session, in: list) != nil else {
        throw .attendance(.sessionNotFound(UUIDText.string(session)))
      }
      return try partialLedger(of: list, sessions: [session], entries: entries)
    }
  }

  /// A ledger over the slots of `sessions` (those that still exist): of `entries`, or every
  /// marked one.
  private func partialLedger(of list: ListRow, sessions: [UUID], entries: [UUID]?)
    throws(StoreError) -> AttendanceLedger
  {
    var found: [AttendanceSession] = []
    for id in sessions {
      if let session = try storedSession(id: id, in: list)?.session { found.append(session) }
    }
    var ledger = AttendanceLedger(statuses: try statuses(of: list), sessions: found)
    for session in found {
      if let entries {
        for entry in Set(entries) {
          if let slot = try slot(of: entry, in: session.id, list: list) {
            ledger.restore(slot, of: entry, in: session.id)
          }
        }
      } else {
        for (entry, slot) in try slots(in: session.id, list: list) {
          ledger.restore(slot, of: entry, in: session.id)
        }
      }
    }
    if let entries {
      for entry in Set(entries) where try located(entry, in: list) == nil {
        ledger.removeEntry(entry)
      }
    } else {
      for entry in try removedMarkedEntries(of: list) { ledger.removeEntry(entry) }
    }
    return ledger
  }

  /// ``AttendanceStorage/attendanceLog(in:session:after:)``. O(log e + k).
  package func performLog(in id: UUID, session: UUID?, after: Int64) throws(StoreError)
    -> [AttendanceEvent]
  {
    try read { () throws(StoreError) in
      try events(of: try listForReading(id), session: session, after: after)
    }
  }

  // MARK: Undo

  /// ``AttendanceStorage/undoAttendance(in:)``: pops the actor's newest step and stores what
  /// reverts it, by the ledger's ``RosterKit/AttendanceLedger/undoing(_:origin:)``, in one
  /// transaction. O(k log n) for k events.
  package func performUndoAttendance(in id: UUID) throws(StoreError) -> AttendanceRecord? {
    let actor = try attendanceActor()
    return try write { () throws(StoreError) -> AttendanceRecord? in
      let list = try listForWriting(id)
      guard let top = try topAttendanceStep(by: actor.by, in: list) else { return nil }
      try deleteAttendanceStep(top.step)
      var sessions: [UUID] = []
      for event in top.events where !sessions.contains(event.session) {
        sessions.append(event.session)
      }
      let ledger = try partialLedger(
        of: list, sessions: sessions, entries: top.events.map(\.entry))
      let origin = AttendanceOrigin(by: actor.by, device: actor.device, now: now, makeID: makeID)
      return try store(ledger.undoing(top.events, origin: origin), in: list, actor: actor)
    }
  }

  /// ``AttendanceStorage/attendanceUndoIsNewest(in:)``. O(log u).
  package func performAttendanceUndoIsNewest(in id: UUID) throws(StoreError) -> Bool {
    let actor = try attendanceActor()
    return try read { () throws(StoreError) in
      let list = try listForReading(id)
      guard let top = try topAttendanceStep(by: actor.by, in: list) else { return false }
      return top.position >= (try logPosition(of: list))
    }
  }
}
