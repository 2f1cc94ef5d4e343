public import Foundation
public import RosterBackend
import RosterKit

/// The check-ins waiting to be sent, in the outbox's file (table `attendance_outbox`), beside
/// the list actions: one row per action, its events encoded as the attendance undo stack
/// encodes them.
extension SQLiteOutbox: AttendanceQueue {
  /// Adds an action at the end; an action already waiting (its id) is not added twice. O(1).
  public func appendAttendance(_ action: WaitingAttendance) throws(StoreError) {
    try database.run(
      "INSERT OR IGNORE INTO attendance_outbox (id, list, session_name, events)"
        + " VALUES (?, ?, ?, ?)",
      .text(action.id.uuidString), .text(action.list.uuidString), .text(action.sessionName),
      .blob(AttendanceCoding.encode(action.events)))
  }

  /// The waiting actions, oldest first; one list's when given. O(w).
  public func waitingAttendance(in list: UUID?) throws(StoreError) -> [WaitingAttendance] {
    let statement = try database.statement(
      "SELECT list, session_name, events FROM attendance_outbox"
        + (list == nil ? "" : " WHERE list = ?") + " ORDER BY seq")
    defer { statement.reset() }
    if let list { try statement.bind([.text(list.uuidString)]) }
    var result: [WaitingAttendance] = []
    while try statement.step() {
      guard let list = statement.text(0).flatMap(UUID.init(uuidString:)) else {
        throw .database("The outbox holds a damaged check-in.")
      }
      let events = try AttendanceCoding.decode(
        [AttendanceEvent].self, from: statement.blob(2) ?? Data())
      guard !events.isEmpty else { continue }
      result.append(
        WaitingAttendance(list: list, sessionName: statement.text(1) ?? "", events: events))
    }
    return result
  }

  /// Removes the action with this id. O(1).
  public func removeAttendance(_ id: UUID) throws(StoreError) {
    try database.run("DELETE FROM attendance_outbox WHERE id = ?", .text(id.uuidString))
  }

  /// How many check-ins wait. O(w).
  public func attendanceCount() throws(StoreError) -> Int {
    Int(try database.integer("SELECT count(*) FROM attendance_outbox") ?? 0)
  }
}
