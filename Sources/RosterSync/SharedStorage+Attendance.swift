public import Foundation
public import RosterBackend
public import RosterKit

/// Check-ins on a shared server go straight to it, through the window's own server connection
/// (the current one: a connection lost and opened again is picked up): the replica and its
/// outbox keep list actions only. While the server cannot be reached, each call is refused at
/// once with ``SharedStorage/offline``, without waiting, and a check-in is taken back with a
/// message.
extension SharedStorage: AttendanceDesk, AttendanceStorage {
  /// This storage, which forwards attendance to the server.
  public var attendanceStore: (any AttendanceStorage)? { self }

  /// Records the events on the server at once, as one undoable step.
  /// - Throws: ``RosterBackend/StoreError`` while the server cannot be reached: nothing stored.
  /// - Complexity: One round trip to the server.
  public func submitAttendance(_ events: [AttendanceEvent], in list: UUID) throws(StoreError)
    -> AttendanceRecord?
  {
    try record(events, in: list, undoable: true)
  }

  /// Nothing: every refusal came back from ``submitAttendance(_:in:)``.
  public func takeRefusedAttendance() -> [RefusedAttendance] { [] }

  private func attendance<T>(_ body: (any AttendanceStorage) throws(StoreError) -> T)
    throws(StoreError) -> T
  {
    guard isOnline else { throw Self.offline }
    return try onServer { (server) throws(StoreError) in
      guard let store = server as? any AttendanceStorage else { throw Self.offline }
      return try body(store)
    }
  }

  /// The server's stamp for this user's events.
  public func attendanceOrigin() throws(StoreError) -> AttendanceOrigin {
    try attendance { (store) throws(StoreError) in try store.attendanceOrigin() }
  }

  /// The list's statuses, from the server.
  public func attendanceStatuses(in list: UUID) throws(StoreError) -> [AttendanceStatus] {
    try attendance { (store) throws(StoreError) in try store.attendanceStatuses(in: list) }
  }

  /// Adds a status on the server.
  @discardableResult
  public func addAttendanceStatus(
    named name: String, countsAs: AttendanceStatus.Presence, in list: UUID
  ) throws(StoreError) -> AttendanceStatus {
    try attendance { (store) throws(StoreError) in
      try store.addAttendanceStatus(named: name, countsAs: countsAs, in: list)
    }
  }

  /// The list's sessions with their counts, from the server.
  public func attendanceSessions(in list: UUID) throws(StoreError) -> [AttendanceSessionSummary] {
    try attendance { (store) throws(StoreError) in try store.attendanceSessions(in: list) }
  }

  /// A session found (or made) on the server.
  public func session(
    named name: String?, in list: UUID, creating: Bool, at date: Date, calendar: Calendar
  ) throws(StoreError) -> AttendanceSession {
    try attendance { (store) throws(StoreError) in
      try store.session(named: name, in: list, creating: creating, at: date, calendar: calendar)
    }
  }

  /// Renames a session on the server.
  @discardableResult
  public func renameSession(named old: String, to new: String, in list: UUID)
    throws(StoreError) -> AttendanceSession
  {
    try attendance { (store) throws(StoreError) in
      try store.renameSession(named: old, to: new, in: list)
    }
  }

  /// Deletes a session on the server.
  public func deleteSession(named name: String, force: Bool, in list: UUID) throws(StoreError) {
    try attendance { (store) throws(StoreError) in
      try store.deleteSession(named: name, force: force, in: list)
    }
  }

  /// Records events on the server.
  @discardableResult
  public func record(_ events: [AttendanceEvent], in list: UUID, undoable: Bool)
    throws(StoreError) -> AttendanceRecord
  {
    try attendance { (store) throws(StoreError) in
      try store.record(events, in: list, undoable: undoable)
    }
  }

  /// The list's whole attendance, from the server.
  public func attendanceLedger(for list: UUID) throws(StoreError) -> AttendanceLedger {
    try attendance { (store) throws(StoreError) in try store.attendanceLedger(for: list) }
  }

  /// One session's attendance, from the server.
  public func attendanceLedger(for list: UUID, session: UUID, entries: [UUID]?)
    throws(StoreError) -> AttendanceLedger
  {
    try attendance { (store) throws(StoreError) in
      try store.attendanceLedger(for: list, session: session, entries: entries)
    }
  }

  /// The events after `after`, from the server.
  public func attendanceLog(in list: UUID, session: UUID?, after: Int64) throws(StoreError)
    -> [AttendanceEvent]
  {
    try attendance { (store) throws(StoreError) in
      try store.attendanceLog(in: list, session: session, after: after)
    }
  }

  /// Undoes this user's last attendance action on the server.
  public func undoAttendance(in list: UUID) throws(StoreError) -> AttendanceRecord? {
    try attendance { (store) throws(StoreError) in try store.undoAttendance(in: list) }
  }

  /// Whether this user's newest step on the server is an attendance action.
  public func attendanceUndoIsNewest(in list: UUID) throws(StoreError) -> Bool {
    try attendance { (store) throws(StoreError) in try store.attendanceUndoIsNewest(in: list) }
  }
}
