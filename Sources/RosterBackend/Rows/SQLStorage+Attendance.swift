public import Foundation
public import RosterKit

/// ``AttendanceStorage`` for both SQL engines, once: each method's documentation is the
/// protocol's.
extension SQLStorage {
  /// See ``AttendanceStorage/attendanceOrigin()``.
  /// - Complexity: O(1) after the first call.
  public func attendanceOrigin() throws(StoreError) -> AttendanceOrigin {
    let rows = sqlRows.attendance
    let actor = try rows.attendanceActor()
    return AttendanceOrigin(by: actor.by, device: actor.device)
  }

  /// See ``AttendanceStorage/attendanceStatuses(in:)``.
  /// - Complexity: O(t).
  public func attendanceStatuses(in list: UUID) throws(StoreError) -> [AttendanceStatus] {
    try sqlRows.attendance.performStatuses(in: list)
  }

  /// See ``AttendanceStorage/addAttendanceStatus(named:countsAs:in:)``.
  /// - Complexity: O(t).
  @discardableResult
  public func addAttendanceStatus(
    named name: String, countsAs: AttendanceStatus.Presence, in list: UUID
  ) throws(StoreError) -> AttendanceStatus {
    try sqlRows.attendance.performAddStatus(named: name, countsAs: countsAs, in: list)
  }

  /// See ``AttendanceStorage/attendanceSessions(in:)``.
  /// - Complexity: O(s + c).
  public func attendanceSessions(in list: UUID) throws(StoreError) -> [AttendanceSessionSummary] {
    try sqlRows.attendance.performSessions(in: list)
  }

  /// See ``AttendanceStorage/session(named:in:creating:at:calendar:)``.
  /// - Complexity: O(m + log s).
  public func session(
    named name: String?, in list: UUID, creating: Bool, at date: Date, calendar: Calendar
  ) throws(StoreError) -> AttendanceSession {
    try sqlRows.attendance.performSession(
      named: name, in: list, creating: creating, at: date, calendar: calendar)
  }

  /// See ``AttendanceStorage/renameSession(named:to:in:)``.
  /// - Complexity: O(m + log s).
  @discardableResult
  public func renameSession(named old: String, to new: String, in list: UUID)
    throws(StoreError) -> AttendanceSession
  {
    try sqlRows.attendance.performRenameSession(named: old, to: new, in: list)
  }

  /// See ``AttendanceStorage/deleteSession(named:force:in:)``.
  /// - Complexity: O(k + log s).
  public func deleteSession(named name: String, force: Bool, in list: UUID) throws(StoreError) {
    try sqlRows.attendance.performDeleteSession(named: name, force: force, in: list)
  }

  /// See ``AttendanceStorage/record(_:in:undoable:)``.
  /// - Complexity: O(k log n) for k events.
  @discardableResult
  public func record(_ events: [AttendanceEvent], in list: UUID, undoable: Bool)
    throws(StoreError) -> AttendanceRecord
  {
    try sqlRows.attendance.performRecord(events, in: list, undoable: undoable)
  }

  /// See ``AttendanceStorage/attendanceLedger(for:)``.
  /// - Complexity: O(s + e).
  public func attendanceLedger(for list: UUID) throws(StoreError) -> AttendanceLedger {
    try sqlRows.attendance.performLedger(for: list)
  }

  /// See ``AttendanceStorage/attendanceLedger(for:session:entries:)``.
  /// - Complexity: O(k log n), or O(m) for every marked entry.
  public func attendanceLedger(for list: UUID, session: UUID, entries: [UUID]?)
    throws(StoreError) -> AttendanceLedger
  {
    try sqlRows.attendance.performLedger(for: list, session: session, entries: entries)
  }

  /// See ``AttendanceStorage/attendanceLog(in:session:after:)``.
  /// - Complexity: O(log e + k).
  public func attendanceLog(in list: UUID, session: UUID?, after: Int64) throws(StoreError)
    -> [AttendanceEvent]
  {
    try sqlRows.attendance.performLog(in: list, session: session, after: after)
  }

  /// See ``AttendanceStorage/undoAttendance(in:)``.
  /// - Complexity: O(k log n) for a step of k events.
  public func undoAttendance(in list: UUID) throws(StoreError) -> AttendanceRecord? {
    try sqlRows.attendance.performUndoAttendance(in: list)
  }

  /// See ``AttendanceStorage/attendanceUndoIsNewest(in:)``.
  /// - Complexity: O(log s).
  public func attendanceUndoIsNewest(in list: UUID) throws(StoreError) -> Bool {
    try sqlRows.attendance.performAttendanceUndoIsNewest(in: list)
  }
}
