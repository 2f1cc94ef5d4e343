public import Foundation
public import RosterBackend
public import RosterKit

/// Check-ins on a shared server go straight to it on the window's connection, as its reads do:
/// the outbox keeps list actions only (a replica that keeps check-ins offline is the next step).
/// While the server cannot be reached, a check-in is refused and taken back, with a message.
extension SharedStorage: AttendanceDesk {
  /// The window's connection to the server, when it keeps attendance.
  public var attendanceStore: (any AttendanceStorage)? { reader as? any AttendanceStorage }

  /// Records the events on the server at once, as one undoable step.
  /// - Throws: ``RosterBackend/StoreError`` while the server cannot be reached: nothing stored.
  /// - Complexity: One round trip to the server.
  public func submitAttendance(_ events: [AttendanceEvent], in list: UUID) throws(StoreError)
    -> AttendanceRecord?
  {
    guard readerOnline, isOnline, let store = attendanceStore else { throw Self.offline }
    return try store.record(events, in: list, undoable: true)
  }

  /// Nothing: every refusal came back from ``submitAttendance(_:in:)``.
  public func takeRefusedAttendance() -> [RefusedAttendance] { [] }
}
