public import Foundation
public import RosterKit

/// One list's attendance as a ``MemoryStorage/Database`` keeps it: the log and little else.
/// Every read replays the log into a ledger: the reference is simple, not fast.
struct MemoryAttendance {
  /// The statuses added; empty: the defaults.
  var statuses: [AttendanceStatus] = []
  /// The sessions, in the order they were made.
  var sessions: [AttendanceSession] = []
  /// The log, in sequence order.
  var events: [AttendanceEvent] = []
  /// The last sequence number given out.
  var sequence: Int64 = 0
  /// Undo steps, newest last: the actor, the list's change-log position then, the events.
  var undo: [(by: String, position: Int64, events: [AttendanceEvent])] = []
}

/// The reference ``AttendanceStorage``: every action replays the list's log into a
/// ``RosterKit/AttendanceLedger`` and checks events against it, inside the database's
/// transaction, so that connections on one database queue as on a file. The actor is the OS
/// user, as on SQLite.
extension MemoryStorage: AttendanceStorage {
  /// The OS user name and the host name.
  /// - Complexity: O(1).
  public func attendanceOrigin() throws(StoreError) -> AttendanceOrigin {
    AttendanceOrigin(by: AttendanceCoding.userName, device: AttendanceCoding.hostName)
  }

  /// See ``AttendanceStorage/attendanceStatuses(in:)``.
  /// - Complexity: O(t).
  public func attendanceStatuses(in list: UUID) throws(StoreError) -> [AttendanceStatus] {
    try database.transaction(by: connection) { () throws(StoreError) in
      Self.statuses(of: try database.list(list).attendance)
    }
  }

  /// See ``AttendanceStorage/addAttendanceStatus(named:countsAs:in:)``.
  /// - Complexity: O(t).
  @discardableResult
  public func addAttendanceStatus(
    named name: String, countsAs: AttendanceStatus.Presence, in list: UUID
  ) throws(StoreError) -> AttendanceStatus {
    let status = try StoreError.attending { () throws(AttendanceError) in
      try AttendanceStatus(validating: name, countsAs: countsAs)
    }
    return try database.transaction(by: connection) { () throws(StoreError) in
      let stored = try database.list(list)
      let statuses = Self.statuses(of: stored.attendance)
      guard !statuses.contains(where: { $0.name == status.name }) else {
        throw .attendance(.statusExists(status.name))
      }
      stored.attendance.statuses = statuses + [status]
      database.changed = true
      return status
    }
  }

  /// See ``AttendanceStorage/attendanceSessions(in:)``.
  /// - Complexity: O(e) in the number of events: the log is replayed.
  public func attendanceSessions(in list: UUID) throws(StoreError) -> [AttendanceSessionSummary] {
    try database.transaction(by: connection) { () throws(StoreError) in
      let stored = try database.list(list)
      let ledger = Self.ledger(of: stored)
      return stored.attendance.sessions.map { session in
        AttendanceSessionSummary(
          session: session, counts: ledger.counts(in: session.id),
          events: ledger.eventCount(in: session.id))
      }
    }
  }

  /// See ``AttendanceStorage/session(named:in:creating:at:calendar:)``.
  /// - Complexity: O(m + s).
  public func session(
    named given: String?, in list: UUID, creating: Bool, at date: Date, calendar: Calendar
  ) throws(StoreError) -> AttendanceSession {
    let name = try AttendanceCoding.sessionName(given, at: date, calendar: calendar)
    return try database.transaction(by: connection) { () throws(StoreError) in
      let stored = try database.list(list)
      if let found = stored.attendance.sessions.first(where: { $0.name == name }) { return found }
      guard creating else { throw .attendance(.sessionNotFound(name)) }
      let session = AttendanceSession(id: makeID?() ?? UUID(), name: name)
      stored.attendance.sessions.append(session)
      database.changed = true
      return session
    }
  }

  /// See ``AttendanceStorage/renameSession(named:to:in:)``.
  /// - Complexity: O(m + s).
  @discardableResult
  public func renameSession(named old: String, to new: String, in list: UUID)
    throws(StoreError) -> AttendanceSession
  {
    let (old, new) = (
      try AttendanceCoding.sessionName(old), try AttendanceCoding.sessionName(new)
    )
    return try database.transaction(by: connection) { () throws(StoreError) in
      let stored = try database.list(list)
      guard let index = stored.attendance.sessions.firstIndex(where: { $0.name == old }) else {
        throw .attendance(.sessionNotFound(old))
      }
      guard old != new else { return stored.attendance.sessions[index] }
      guard !stored.attendance.sessions.contains(where: { $0.name == new }) else {
        throw .attendance(.sessionExists(new))
      }
      stored.attendance.sessions[index].name = new
      database.changed = true
      return stored.attendance.sessions[index]
    }
  }

  /// See ``AttendanceStorage/deleteSession(named:force:in:)``.
  /// - Complexity: O(e + s).
  public func deleteSession(named given: String, force: Bool, in list: UUID) throws(StoreError) {
    let name = try AttendanceCoding.sessionName(given)
    try database.transaction(by: connection) { () throws(StoreError) in
      let stored = try database.list(list)
      guard let session = stored.attendance.sessions.first(where: { $0.name == name }) else {
        throw .attendance(.sessionNotFound(name))
      }
      let events = stored.attendance.events.count { $0.session == session.id }
      guard events == 0 || force else { throw .attendance(.sessionHasEvents(name, count: events)) }
      stored.attendance.sessions.removeAll { $0.id == session.id }
      database.changed = true
    }
  }

  /// See ``AttendanceStorage/record(_:in:undoable:)``.
  /// - Complexity: O(e + k) for k events: the log is replayed.
  @discardableResult
  public func record(_ events: [AttendanceEvent], in list: UUID, undoable: Bool)
    throws(StoreError) -> AttendanceRecord
  {
    let origin = try attendanceOrigin()
    return try database.transaction(by: connection) { () throws(StoreError) in
      let stored = try database.list(list)
      let record = store(events, in: stored, origin: origin)
      if undoable, !record.stored.isEmpty {
        stored.attendance.undo.append((origin.by, stored.position, record.stored))
        if stored.attendance.undo.count(where: { $0.by == origin.by }) > Database.undoLimit,
          let oldest = stored.attendance.undo.firstIndex(where: { $0.by == origin.by })
        {
          stored.attendance.undo.remove(at: oldest)
        }
      }
      return record
    }
  }

  /// See ``AttendanceStorage/attendanceLedger(for:)``.
  /// - Complexity: O(s + e).
  public func attendanceLedger(for list: UUID) throws(StoreError) -> AttendanceLedger {
    try database.transaction(by: connection) { () throws(StoreError) in
      Self.ledger(of: try database.list(list))
    }
  }

  /// See ``AttendanceStorage/attendanceLedger(for:session:entries:)``: here the whole ledger.
  /// - Complexity: O(s + e).
  public func attendanceLedger(for list: UUID, session: UUID, entries: [UUID]?)
    throws(StoreError) -> AttendanceLedger
  {
    try database.transaction(by: connection) { () throws(StoreError) in
      let stored = try database.list(list)
      guard stored.attendance.sessions.contains(where: { $0.id == session }) else {
        throw .attendance(.sessionNotFound(UUIDText.string(session)))
      }
      return Self.ledger(of: stored)
    }
  }

  /// See ``AttendanceStorage/attendanceLog(in:session:after:)``.
  /// - Complexity: O(e).
  public func attendanceLog(in list: UUID, session: UUID?, after: Int64) throws(StoreError)
    -> [AttendanceEvent]
  {
    try database.transaction(by: connection) { () throws(StoreError) in
      try database.list(list).attendance.events.filter {
        ($0.sequence ?? 0) > after && (session == nil || $0.session == session)
      }
    }
  }

  /// See ``AttendanceStorage/undoAttendance(in:)``.
  /// - Complexity: O(e + k).
  public func undoAttendance(in list: UUID) throws(StoreError) -> AttendanceRecord? {
    let origin = try attendanceOrigin()
    return try database.transaction(by: connection) { () throws(StoreError) in
      let stored = try database.list(list)
      guard let index = stored.attendance.undo.lastIndex(where: { $0.by == origin.by }) else {
        return nil
      }
      let step = stored.attendance.undo.remove(at: index)
      database.changed = true
      let undoing = Self.ledger(of: stored).undoing(
        step.events, origin: AttendanceOrigin(by: origin.by, device: origin.device, now: now))
      return store(undoing, in: stored, origin: origin)
    }
  }

  /// See ``AttendanceStorage/attendanceUndoIsNewest(in:)``.
  /// - Complexity: O(u) in the number of undo steps.
  public func attendanceUndoIsNewest(in list: UUID) throws(StoreError) -> Bool {
    let origin = try attendanceOrigin()
    return try database.transaction(by: connection) { () throws(StoreError) in
      let stored = try database.list(list)
      guard let top = stored.attendance.undo.last(where: { $0.by == origin.by }) else {
        return false
      }
      return top.position >= stored.position
    }
  }

  // MARK: Internals

  /// The statuses in force: the defaults until one is added.
  static func statuses(of attendance: MemoryAttendance) -> [AttendanceStatus] {
    attendance.statuses.isEmpty ? AttendanceStatus.defaults : attendance.statuses
  }

  /// The list's log replayed, entries no longer in the list left out of the counts.
  static func ledger(of stored: MemoryList) -> AttendanceLedger {
    let attendance = stored.attendance
    var ledger = AttendanceLedger(
      statuses: statuses(of: attendance), sessions: attendance.sessions,
      events: attendance.events)
    for entry in Set(attendance.events.map(\.entry)) where stored.contents.entry(id: entry) == nil {
      ledger.removeEntry(entry)
    }
    return ledger
  }

  /// Appends `events` in order, each checked against the ledger as it stands; a check-in made
  /// offline that comes second is appended, flagged by the ledger, and reported as a double.
  private func store(_ events: [AttendanceEvent], in stored: MemoryList, origin: AttendanceOrigin)
    -> AttendanceRecord
  {
    var record = AttendanceRecord()
    var ledger = Self.ledger(of: stored)
    let statuses = Self.statuses(of: stored.attendance)
    for given in events {
      let event = AttendanceCoding.stamped(given, by: origin.by, device: origin.device)
      let refuse = {
        record.refused.append(AttendanceRefusal(entry: event.entry, error: $0, event: event))
      }
      guard ledger.session(id: event.session) != nil else {
        refuse(.sessionNotFound(UUIDText.string(event.session)))
        continue
      }
      let status = event.status ?? AttendanceStatus.present.name
      if event.kind == .checkin || event.kind == .status,
        !statuses.contains(where: { $0.name == status })
      {
        refuse(.statusNotFound(status))
        continue
      }
      guard !ledger.hasApplied(event.id) else { continue }
      guard stored.contents.entry(id: event.entry) != nil else {
        refuse(.entryRemoved(event.entry))
        continue
      }
      let slot = ledger.slot(of: event.entry, in: event.session)
      var double: AttendanceCheckIn?
      if event.kind == .checkin, let state = slot.state, state.isInside,
        event.reverts == nil || event.reverts != slot.lastEvent
      {
        let first = state.checkIn ?? AttendanceCheckIn(event)
        // An offline check-in that lost the race is kept, flagged; an online one is refused.
        guard event.madeOffline else {
          refuse(.alreadyCheckedIn(first))
          continue
        }
        double = first
      }
      stored.attendance.sequence += 1
      let received = event.received(at: now(), sequence: stored.attendance.sequence)
      stored.attendance.events.append(received)
      ledger.apply(received)
      database.changed = true
      if let first = double {
        record.doubles.append(AttendanceCoding.double(received, first: first))
      } else {
        record.stored.append(received)
        record.counts.append(ledger.counts(in: event.session))
      }
    }
    return record
  }
}
