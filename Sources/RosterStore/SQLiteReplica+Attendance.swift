public import Foundation
public import RosterBackend
import RosterKit

/// The replica's attendance: the server's statuses, sessions and events, with the states and
/// counts they lead to, in the tables a Roster database keeps them in; the list's
/// `attendance_seq` is its attendance cursor (the server's sequence number of the newest event
/// held). The check-ins made here wait in ``attendanceQueue`` and come back through the
/// server's log, like list actions.
extension SQLiteReplica {
  /// The check-ins waiting to be sent, in the outbox's file.
  public var attendanceQueue: any AttendanceQueue { queue }

  /// Each list's attendance cursor. O(l).
  public func attendanceCursors() throws(StoreError) -> [UUID: Int64] {
    try store.read { () throws(StoreError) in
      let statement = try store.database.statement("SELECT uuid, attendance_seq FROM lists")
      var result: [UUID: Int64] = [:]
      while try statement.step() {
        if let id = statement.uuid(0) { result[id] = statement.integer(1) }
      }
      return result
    }
  }

  /// The server's mark each list's attendance was last mirrored at. O(l).
  public func attendanceMarks() throws(StoreError) -> [UUID: Int64] {
    try store.read { () throws(StoreError) in
      let statement = try store.database.statement(
        "SELECT list, mark FROM replica_attendance_marks")
      var result: [UUID: Int64] = [:]
      while try statement.step() {
        if let id = statement.uuid(0) { result[id] = statement.integer(1) }
      }
      return result
    }
  }

  /// Mirrors the server's attendance of the list in one transaction; see
  /// ``RosterBackend/ReplicaStorage/mirror(_:of:)``. O(t + s + k log n).
  @discardableResult
  public func mirror(_ copy: AttendanceCopy, of list: UUID) throws(StoreError) -> Bool {
    try store.write { () throws(StoreError) in
      let stored = try store.stored(list)
      var changed = try mirrorStatuses(copy.statuses, in: stored)
      changed = try mirrorSessions(copy.sessions, in: stored) || changed
      let cursor =
        try store.database.integer(
          "SELECT attendance_seq FROM lists WHERE id = ?", .integer(stored.row)) ?? 0
      let statuses = try store.statuses(of: stored)
      try store.database.run(
        "DELETE FROM replica_attendance_marks WHERE list = ?", .text(UUIDText.string(list)))
      if let mark = copy.mark {
        try store.database.run(
          "INSERT INTO replica_attendance_marks (list, mark) VALUES (?, ?)",
          .text(UUIDText.string(list)), .integer(mark))
      }
      var last = cursor
      for event in copy.events {
        guard let sequence = event.sequence, sequence > last else { continue }
        try replay(event, statuses: statuses, in: stored)
        last = sequence
      }
      guard last > cursor else { return changed }
      try store.database.run(
        "UPDATE lists SET attendance_seq = ? WHERE id = ?", .integer(last), .integer(stored.row))
      return true
    }
  }

  /// The server's statuses, stored when they are not the defaults. O(t).
  private func mirrorStatuses(_ statuses: [AttendanceStatus], in list: StoredList)
    throws(StoreError) -> Bool
  {
    guard try store.statuses(of: list) != statuses else { return false }
    try store.database.run("DELETE FROM attendance_statuses WHERE list = ?", .integer(list.row))
    for (position, status) in statuses.enumerated() {
      try store.insertStatus(status, position: position, in: list)
    }
    return true
  }

  /// The server's sessions: gone ones deleted (their events stay), renamed ones renamed (by
  /// way of a name no session has, so that two sessions may swap names), new ones added last.
  /// O(s).
  private func mirrorSessions(_ sessions: [AttendanceSession], in list: StoredList)
    throws(StoreError) -> Bool
  {
    let held = try store.storedSessions(of: list).map(\.session)
    guard held != sessions else { return false }
    let names = Dictionary(
      sessions.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
    var renamed: [AttendanceSession] = []
    for session in held {
      guard let name = names[session.id] else {
        try store.deleteSessionRows(session.id, in: list)
        continue
      }
      if name != session.name {
        try store.setSessionName(
          session.name + " " + session.id.uuidString, of: session.id, in: list)
        renamed.append(AttendanceSession(id: session.id, name: name))
      }
    }
    for session in renamed { try store.setSessionName(session.name, of: session.id, in: list) }
    let kept = Set(held.map(\.id))
    for session in sessions where !kept.contains(session.id) {
      try store.insertSession(session, in: list)
    }
    return true
  }

  /// Appends one of the server's events as stamped, and applies it to its entry's state and
  /// its session's counts as the server did. An entry the replica does not hold (deleted, or
  /// not pulled yet) keeps its state without being counted, as on the server: the entries'
  /// triggers count it again when it comes back. O(log n + t).
  private func replay(_ event: AttendanceEvent, statuses: [AttendanceStatus], in list: StoredList)
    throws(StoreError)
  {
    guard try !store.hasEvent(event.id, in: list) else { return }
    try store.appendEvent(event, in: list)
    // An event of a session deleted since stays in the log, as on the server.
    guard let session = try store.storedSession(id: event.session, in: list)?.session else {
      return
    }
    var ledger = AttendanceLedger(statuses: statuses, sessions: [session])
    if let slot = try store.slot(of: event.entry, in: session.id, list: list) {
      ledger.restore(slot, of: event.entry, in: session.id)
    }
    let before = ledger.counts(in: session.id)
    var delta = AttendanceCounts()
    // As the server: every event but a kept double check-in writes its entry's slot.
    switch ledger.apply(event) {
    case .doubleCheckIn: break
    default:
      try store.writeSlot(
        ledger.slot(of: event.entry, in: session.id), of: event.entry, in: session.id,
        list: list)
      if try store.located(event.entry, in: list) != nil {
        delta = AttendanceCoding.difference(ledger.counts(in: session.id), before)
      }
    }
    try store.adjustSession(session.id, by: delta, events: 1, in: list)
  }
}
