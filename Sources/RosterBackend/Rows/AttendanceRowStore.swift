package import Foundation
package import RosterKit

/// The attendance rows of a SQL store (SQLite's `SQLiteStore`, PostgreSQL's `PostgresStore`):
/// one statement each, inside the caller's transaction.
///
/// What is built from them is engine-neutral and lives once in RosterBackend
/// (`AttendanceRowStore+Actions.swift`): recording events with first check-in wins checked in
/// the write transaction, the counts kept as events land, sessions, statuses and the undo
/// stack. Each store supplies only its SQL.
///
/// The tables (docs/formats.md): `attendance_statuses` (none stored: the defaults),
/// `attendance_sessions` (with their counts), `attendance_status_counts`, `attendance_states`
/// (one ``RosterKit/AttendanceSlot`` per marked entry and session, with the columns the
/// triggers that leave deleted entries out of the counts read), `attendance_events` (the log)
/// and `attendance_undo`.
package protocol AttendanceRowStore: EntryCommandStore {
  /// Who this connection's events are stamped with: the database role or OS user name, and the
  /// host name.
  func attendanceActor() throws(StoreError) -> (by: String, device: String)

  /// The list's stored statuses, in order; empty when none was ever added (the defaults hold).
  func storedStatuses(of list: ListRow) throws(StoreError) -> [AttendanceStatus]
  /// Stores `status` at `position`.
  func insertStatus(_ status: AttendanceStatus, position: Int, in list: ListRow)
    throws(StoreError)

  /// The list's sessions in the order they were made, with their counts and event counts.
  /// O(s + c).
  func storedSessions(of list: ListRow) throws(StoreError) -> [AttendanceSessionSummary]
  /// The session with this id, with its counts. O(log s + t).
  func storedSession(id: UUID, in list: ListRow) throws(StoreError) -> AttendanceSessionSummary?
  /// The session with this (normalized) name, with its counts. O(log s + t).
  func storedSession(named name: String, in list: ListRow) throws(StoreError)
    -> AttendanceSessionSummary?
  /// Stores a new session, last, with zero counts.
  func insertSession(_ session: AttendanceSession, in list: ListRow) throws(StoreError)
  /// Renames a session.
  func setSessionName(_ name: String, of session: UUID, in list: ListRow) throws(StoreError)
  /// Deletes a session's row, states and counts; its events stay.
  func deleteSessionRows(_ session: UUID, in list: ListRow) throws(StoreError)
  /// Adds `delta` to a session's counts and `events` to its event count. O(t).
  func adjustSession(
    _ session: UUID, by delta: AttendanceCounts, events: Int, in list: ListRow
  ) throws(StoreError)

  /// The entry's slot in the session, or `nil` when it has none. O(log m).
  func slot(of entry: UUID, in session: UUID, list: ListRow) throws(StoreError)
    -> AttendanceSlot?
  /// Every slot of the session. O(m).
  func slots(in session: UUID, list: ListRow) throws(StoreError) -> [(
    entry: UUID, slot: AttendanceSlot
  )]
  /// Writes the entry's slot in the session (insert or replace), with its derived columns.
  /// O(log m).
  func writeSlot(_ slot: AttendanceSlot, of entry: UUID, in session: UUID, list: ListRow)
    throws(StoreError)
  /// The entries with a slot that are no longer in the list. O(m log n).
  func removedMarkedEntries(of list: ListRow) throws(StoreError) -> [UUID]

  /// Bumps and returns the list's attendance sequence number (its row is this transaction's).
  func nextAttendanceSequence(of list: ListRow) throws(StoreError) -> Int64
  /// Whether the list's log holds an event with this id. O(log e).
  func hasEvent(_ id: UUID, in list: ListRow) throws(StoreError) -> Bool
  /// Appends a stamped event to the log. O(log e).
  func appendEvent(_ event: AttendanceEvent, in list: ListRow) throws(StoreError)
  /// The log after sequence number `after`, in order; one session's when given.
  /// O(log e + k).
  func events(of list: ListRow, session: UUID?, after: Int64) throws(StoreError)
    -> [AttendanceEvent]
  /// Tells other connections that the list's attendance changed (PostgreSQL: a NOTIFY on
  /// commit); nothing where they find out otherwise. `sequence` is the newest event's, or 0
  /// when a session or status changed.
  func announceAttendance(of list: ListRow, sequence: Int64) throws(StoreError)

  /// Pushes an undo step of `events` for actor `by`, stamped with the list's change-log
  /// `position`, and drops that actor's oldest steps beyond the undo limit.
  func pushAttendanceStep(
    _ events: [AttendanceEvent], by: String, position: Int64, in list: ListRow
  ) throws(StoreError)
  /// Actor `by`'s newest undo step in the list. O(log u).
  func topAttendanceStep(by: String, in list: ListRow) throws(StoreError) -> (
    step: Int64, position: Int64, events: [AttendanceEvent]
  )?
  /// Deletes an undo step.
  func deleteAttendanceStep(_ step: Int64) throws(StoreError)
}

/// The JSON the attendance tables keep slots and undo steps in: dates as Foundation's
/// reference-date seconds, which read back exactly.
package enum AttendanceCoding {
  /// `value` as JSON bytes.
  /// - Complexity: O(size).
  package static func encode(_ value: some Encodable) -> Data {
    (try? JSONEncoder().encode(value)) ?? Data()
  }

  /// JSON bytes back as a value.
  /// - Throws: ``StoreError/database(_:)`` when unreadable.
  /// - Complexity: O(size).
  package static func decode<Value: Decodable>(_ type: Value.Type, from data: Data)
    throws(StoreError) -> Value
  {
    do {
      return try JSONDecoder().decode(type, from: data)
    } catch {
      throw .database("An attendance row in the database is unreadable.")
    }
  }

  /// The OS user name (`$USER`, else the password database's): who a SQLite file's and the
  /// memory backend's events come from.
  package static let userName: String = {
    if let user = ProcessInfo.processInfo.environment["USER"], !user.isEmpty { return user }
    return NSUserName()
  }()

  /// The host name: the device events come from.
  package static let hostName: String = ProcessInfo.processInfo.hostName

  /// A session name a person gave, normalized, or with `nil` the default session's name: the
  /// day `date` falls on in `calendar`'s time zone.
  /// - Throws: ``StoreError/attendance(_:)`` with
  ///   ``RosterKit/AttendanceError/invalidSessionName(_:)``.
  /// - Complexity: O(m) in the name's length.
  package static func sessionName(
    _ given: String?, at date: Date = Date(), calendar: Calendar = .current
  ) throws(StoreError) -> String {
    guard let given else { return AttendanceSession.defaultName(at: date, calendar: calendar) }
    return try StoreError.attending { () throws(AttendanceError) in
      try AttendanceSession.normalizedName(given)
    }
  }

  /// `event` as this store writes it: by `by`, from `device`, whoever the producer said; made
  /// offline or not as the producer said.
  /// - Complexity: O(1).
  package static func stamped(_ event: AttendanceEvent, by: String, device: String)
    -> AttendanceEvent
  {
    AttendanceEvent(
      id: event.id, kind: event.kind, session: event.session, entry: event.entry,
      status: event.status, at: event.at, by: by, device: device, reverts: event.reverts,
      madeOffline: event.madeOffline)
  }

  /// A stored check-in made offline that came second, as ``AttendanceRecord/doubles`` holds it:
  /// ``RosterKit/AttendanceError/checkedInTwice(mine:first:)`` against `first`, which holds the
  /// state.
  /// - Complexity: O(1).
  package static func double(_ stored: AttendanceEvent, first: AttendanceCheckIn)
    -> AttendanceRefusal
  {
    AttendanceRefusal(
      entry: stored.entry, error: .checkedInTwice(mine: AttendanceCheckIn(stored), first: first),
      event: stored)
  }

  /// The counts `after` minus `before`.
  /// - Complexity: O(t) in the number of statuses.
  package static func difference(_ after: AttendanceCounts, _ before: AttendanceCounts)
    -> AttendanceCounts
  {
    var delta = AttendanceCounts()
    delta.marked = after.marked - before.marked
    delta.checkedIn = after.checkedIn - before.checkedIn
    delta.inside = after.inside - before.inside
    for name in Set(after.byStatus.keys).union(before.byStatus.keys) {
      let change = after.byStatus[name, default: 0] - before.byStatus[name, default: 0]
      if change != 0 { delta.byStatus[name] = change }
    }
    return delta
  }

  /// `counts` plus `delta`, statuses reaching zero left out.
  /// - Complexity: O(t) in the number of statuses.
  package static func adding(_ delta: AttendanceCounts, to counts: AttendanceCounts)
    -> AttendanceCounts
  {
    var sum = counts
    sum.marked += delta.marked
    sum.checkedIn += delta.checkedIn
    sum.inside += delta.inside
    for (name, change) in delta.byStatus {
      let now = sum.byStatus[name, default: 0] + change
      sum.byStatus[name] = now == 0 ? nil : now
    }
    return sum
  }
}
