public import Foundation
public import RosterBackend
public import RosterKit
import RosterStore

/// Check-ins for `roster --offline-ok`: read from the copy, which holds the replica's
/// attendance with the check-ins still waiting applied on top; a command's check-ins are
/// recorded on the copy (so it answers at once, first check-in wins among what this machine
/// knows) and kept for the replica's queue (``pendingAttendance()``), as made offline when the
/// server did not answer. Sessions are made by name on the copy and on the server when sent;
/// adding a status, renaming or deleting a session and undo need the server.
extension OfflineStorage: AttendanceStorage {
  static var attendanceNeedsServer: StoreError {
    .database(
      "Changing sessions or statuses, or undoing, needs the server, and it cannot be reached.")
  }

  /// Applies a check-in action waiting in the replica's queue to the copy, in the session of
  /// its name.
  static func apply(_ action: WaitingAttendance, to scratch: SQLiteStore) throws(StoreError) {
    let session = try scratch.session(named: action.sessionName, in: action.list, creating: true)
    try scratch.record(
      action.events.map { $0.moved(to: session.id) }, in: action.list, undoable: false)
  }

  /// The check-in actions the command made, in order, for the replica's queue. O(k).
  public func pendingAttendance() -> [WaitingAttendance] { attendanceMade }

  /// The user and host names: the server stamps its own when the events arrive.
  public func attendanceOrigin() throws(StoreError) -> AttendanceOrigin {
    try scratch.attendanceOrigin()
  }

  /// The list's statuses, from the copy.
  public func attendanceStatuses(in list: UUID) throws(StoreError) -> [AttendanceStatus] {
    try scratch.attendanceStatuses(in: list)
  }

  /// Refused: needs the server.
  public func addAttendanceStatus(
    named name: String, countsAs: AttendanceStatus.Presence, in list: UUID
  ) throws(StoreError) -> AttendanceStatus {
    throw Self.attendanceNeedsServer
  }

  /// The list's sessions, from the copy.
  public func attendanceSessions(in list: UUID) throws(StoreError) -> [AttendanceSessionSummary] {
    try scratch.attendanceSessions(in: list)
  }

  /// A session of the copy, made there when missing (and on the server, by name, with its
  /// first check-in).
  public func session(
    named name: String?, in list: UUID, creating: Bool, at date: Date, calendar: Calendar
  ) throws(StoreError) -> AttendanceSession {
    try scratch.session(named: name, in: list, creating: creating, at: date, calendar: calendar)
  }

  /// Refused: needs the server.
  public func renameSession(named old: String, to new: String, in list: UUID)
    throws(StoreError) -> AttendanceSession
  {
    throw Self.attendanceNeedsServer
  }

  /// Refused: needs the server.
  public func deleteSession(named name: String, force: Bool, in list: UUID) throws(StoreError) {
    throw Self.attendanceNeedsServer
  }

  /// Records the events on the copy, flagged as made offline when the server did not answer,
  /// and keeps what the copy stored (double check-ins included) for the replica's queue.
  /// O(k log n).
  public func record(_ events: [AttendanceEvent], in list: UUID, undoable: Bool)
    throws(StoreError) -> AttendanceRecord
  {
    let flagged = events.map { event in
      var event = event
      event.madeOffline = madeOffline
      return event
    }
    let record = try scratch.record(flagged, in: list, undoable: false)
    let kept = Set(record.stored.map(\.id) + record.doubles.compactMap { $0.event?.id })
    let sessions = try scratch.attendanceSessions(in: list).map(\.session)
    for session in sessions {
      let made = flagged.filter { $0.session == session.id && kept.contains($0.id) }
      if !made.isEmpty {
        attendanceMade.append(
          WaitingAttendance(list: list, sessionName: session.name, events: made))
      }
    }
    return record
  }

  /// The list's whole attendance, from the copy.
  public func attendanceLedger(for list: UUID) throws(StoreError) -> AttendanceLedger {
    try scratch.attendanceLedger(for: list)
  }

  /// One session's attendance, from the copy.
  public func attendanceLedger(for list: UUID, session: UUID, entries: [UUID]?)
    throws(StoreError) -> AttendanceLedger
  {
    try scratch.attendanceLedger(for: list, session: session, entries: entries)
  }

  /// The copy's log.
  public func attendanceLog(in list: UUID, session: UUID?, after: Int64) throws(StoreError)
    -> [AttendanceEvent]
  {
    try scratch.attendanceLog(in: list, session: session, after: after)
  }

  /// Refused: needs the server.
  public func undoAttendance(in list: UUID) throws(StoreError) -> AttendanceRecord? {
    throw Self.attendanceNeedsServer
  }

  /// `false`: undo needs the server.
  public func attendanceUndoIsNewest(in list: UUID) throws(StoreError) -> Bool { false }
}
