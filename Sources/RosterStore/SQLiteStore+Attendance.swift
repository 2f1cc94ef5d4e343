package import Foundation
package import RosterBackend
package import RosterKit

/// Attendance on SQLite: the statements of ``RosterBackend/AttendanceRowStore`` over the
/// schema 6 tables; the actions are RosterBackend's, shared with `PostgresStore`. Every write
/// runs in the store's `BEGIN IMMEDIATE` transaction, so two processes checking in the same
/// entry queue, and the second finds the first's check-in.
extension SQLiteStore: AttendanceRowStore {
  /// The OS user name and the host name: who a SQLite file's events come from.
  package func attendanceActor() throws(StoreError) -> (by: String, device: String) {
    (AttendanceCoding.userName, AttendanceCoding.hostName)
  }

  package func storedStatuses(of list: StoredList) throws(StoreError) -> [AttendanceStatus] {
    let statement = try database.statement(
      "SELECT name, counts_as FROM attendance_statuses WHERE list = ? ORDER BY position")
    try statement.bind([.integer(list.row)])
    defer { statement.reset() }
    var statuses: [AttendanceStatus] = []
    while try statement.step() {
      statuses.append(
        AttendanceStatus(
          name: statement.text(0) ?? "",
          countsAs: AttendanceStatus.Presence(rawValue: statement.text(1) ?? "") ?? .absent))
    }
    return statuses
  }

  package func insertStatus(_ status: AttendanceStatus, position: Int, in list: StoredList)
    throws(StoreError)
  {
    try database.run(
      "INSERT INTO attendance_statuses (list, name, counts_as, position) VALUES (?, ?, ?, ?)",
      .integer(list.row), .text(status.name), .text(status.countsAs.rawValue),
      .integer(Int64(position)))
  }

  private static let sessionColumns = "id, name, events, marked, checked_in, inside"

  private func sessionSummaries(where condition: String, _ values: [SQLValue], in list: StoredList)
    throws(StoreError) -> [AttendanceSessionSummary]
  {
    let statement = try database.statement(
      "SELECT \(Self.sessionColumns) FROM attendance_sessions WHERE list = ?\(condition)"
        + " ORDER BY position")
    try statement.bind([.integer(list.row)] + values)
    var summaries: [AttendanceSessionSummary] = []
    while try statement.step() {
      var counts = AttendanceCounts()
      counts.marked = Int(statement.integer(3))
      counts.checkedIn = Int(statement.integer(4))
      counts.inside = Int(statement.integer(5))
      summaries.append(
        AttendanceSessionSummary(
          session: AttendanceSession(
            id: statement.entryID(0) ?? UUID(), name: statement.text(1) ?? ""),
          counts: counts, events: Int(statement.integer(2))))
    }
    statement.reset()
    let counts = try database.statement(
      "SELECT status, count FROM attendance_status_counts WHERE list = ? AND session = ?"
        + " AND count <> 0")
    defer { counts.reset() }
    for index in summaries.indices {
      try counts.bind([.integer(list.row), .id(summaries[index].session.id)])
      while try counts.step() {
        summaries[index].counts.byStatus[counts.text(0) ?? ""] = Int(counts.integer(1))
      }
      counts.reset()
    }
    return summaries
  }

  package func storedSessions(of list: StoredList) throws(StoreError)
    -> [AttendanceSessionSummary]
  {
    try sessionSummaries(where: "", [], in: list)
  }

  package func storedSession(id: UUID, in list: StoredList) throws(StoreError)
    -> AttendanceSessionSummary?
  {
    try sessionSummaries(where: " AND id = ?", [.id(id)], in: list).first
  }

  package func storedSession(named name: String, in list: StoredList) throws(StoreError)
    -> AttendanceSessionSummary?
  {
    try sessionSummaries(where: " AND name = ?", [.text(name)], in: list).first
  }

  package func insertSession(_ session: AttendanceSession, in list: StoredList)
    throws(StoreError)
  {
    try database.run(
      "INSERT INTO attendance_sessions (list, id, name, position) VALUES (?1, ?2, ?3,"
        + " (SELECT coalesce(max(position), 0) + 1 FROM attendance_sessions WHERE list = ?1))",
      .integer(list.row), .id(session.id), .text(session.name))
  }

  package func setSessionName(_ name: String, of session: UUID, in list: StoredList)
    throws(StoreError)
  {
    try database.run(
      "UPDATE attendance_sessions SET name = ? WHERE list = ? AND id = ?", .text(name),
      .integer(list.row), .id(session))
  }

  package func deleteSessionRows(_ session: UUID, in list: StoredList) throws(StoreError) {
    for table in ["attendance_states", "attendance_status_counts"] {
      try database.run(
        "DELETE FROM \(table) WHERE list = ? AND session = ?", .integer(list.row), .id(session))
    }
    try database.run(
      "DELETE FROM attendance_sessions WHERE list = ? AND id = ?", .integer(list.row),
      .id(session))
  }

  package func adjustSession(
    _ session: UUID, by delta: AttendanceCounts, events: Int, in list: StoredList
  ) throws(StoreError) {
    try database.run(
      "UPDATE attendance_sessions SET events = events + ?, marked = marked + ?,"
        + " checked_in = checked_in + ?, inside = inside + ? WHERE list = ? AND id = ?",
      .integer(Int64(events)), .integer(Int64(delta.marked)), .integer(Int64(delta.checkedIn)),
      .integer(Int64(delta.inside)), .integer(list.row), .id(session))
    for (status, change) in delta.byStatus {
      try database.run(
        "INSERT INTO attendance_status_counts (list, session, status, count) VALUES (?, ?, ?, ?)"
          + " ON CONFLICT (list, session, status) DO UPDATE SET count = count + excluded.count",
        .integer(list.row), .id(session), .text(status), .integer(Int64(change)))
    }
  }

  package func slot(of entry: UUID, in session: UUID, list: StoredList) throws(StoreError)
    -> AttendanceSlot?
  {
    let statement = try database.statement(
      "SELECT slot FROM attendance_states WHERE list = ? AND session = ? AND entry = ?")
    try statement.bind([.integer(list.row), .id(session), .id(entry)])
    defer { statement.reset() }
    guard try statement.step() else { return nil }
    return try AttendanceCoding.decode(AttendanceSlot.self, from: statement.blob(0) ?? Data())
  }

  package func slots(in session: UUID, list: StoredList) throws(StoreError) -> [(
    entry: UUID, slot: AttendanceSlot
  )] {
    let statement = try database.statement(
      "SELECT entry, slot FROM attendance_states WHERE list = ? AND session = ?")
    try statement.bind([.integer(list.row), .id(session)])
    defer { statement.reset() }
    var slots: [(entry: UUID, slot: AttendanceSlot)] = []
    while try statement.step() {
      slots.append(
        (
          statement.entryID(0) ?? UUID(),
          try AttendanceCoding.decode(AttendanceSlot.self, from: statement.blob(1) ?? Data())
        ))
    }
    return slots
  }

  package func writeSlot(
    _ slot: AttendanceSlot, of entry: UUID, in session: UUID, list: StoredList
  ) throws(StoreError) {
    let state = slot.state
    try database.run(
      "INSERT OR REPLACE INTO attendance_states"
        + " (list, session, entry, status, marked, checked_in, inside, slot)"
        + " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
      .integer(list.row), .id(session), .id(entry), state.map { .text($0.status) } ?? .null,
      .integer(state == nil ? 0 : 1), .integer(state?.isCheckedIn == true ? 1 : 0),
      .integer(state?.isInside == true ? 1 : 0), .blob(AttendanceCoding.encode(slot)))
  }

  package func removedMarkedEntries(of list: StoredList) throws(StoreError) -> [UUID] {
    let statement = try database.statement(
      "SELECT DISTINCT entry FROM attendance_states s WHERE list = ?1"
        + " AND NOT EXISTS (SELECT 1 FROM entries e WHERE e.list = ?1 AND e.id = s.entry)")
    try statement.bind([.integer(list.row)])
    defer { statement.reset() }
    var entries: [UUID] = []
    while try statement.step() { entries.append(statement.entryID(0) ?? UUID()) }
    return entries
  }

  package func nextAttendanceSequence(of list: StoredList) throws(StoreError) -> Int64 {
    try database.integer(
      "UPDATE lists SET attendance_seq = attendance_seq + 1 WHERE id = ? RETURNING attendance_seq",
      .integer(list.row)) ?? 0
  }

  package func hasEvent(_ id: UUID, in list: StoredList) throws(StoreError) -> Bool {
    try database.integer(
      "SELECT 1 FROM attendance_events WHERE list = ? AND id = ?", .integer(list.row), .id(id))
      != nil
  }

  package func appendEvent(_ event: AttendanceEvent, in list: StoredList) throws(StoreError) {
    try database.run(
      "INSERT INTO attendance_events (list, seq, id, kind, session, entry, status, at, by,"
        + " device, reverts, received_at, offline) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      .integer(list.row), .integer(event.sequence ?? 0), .id(event.id), .text(event.kind.rawValue),
      .id(event.session), .id(event.entry), event.status.map { .text($0) } ?? .null,
      .real(event.at.timeIntervalSinceReferenceDate), .text(event.by), .text(event.device),
      event.reverts.map { .id($0) } ?? .null,
      .real((event.receivedAt ?? now()).timeIntervalSinceReferenceDate),
      .integer(event.madeOffline ? 1 : 0))
  }

  package func events(of list: StoredList, session: UUID?, after: Int64) throws(StoreError)
    -> [AttendanceEvent]
  {
    let statement = try database.statement(
      "SELECT seq, id, kind, session, entry, status, at, by, device, reverts, received_at,"
        + " offline FROM attendance_events WHERE list = ? AND seq > ?"
        + (session == nil ? "" : " AND session = ?") + " ORDER BY seq")
    try statement.bind(
      [.integer(list.row), .integer(after)] + (session.map { [SQLValue.id($0)] } ?? []))
    defer { statement.reset() }
    var events: [AttendanceEvent] = []
    while try statement.step() {
      guard let kind = AttendanceEvent.Kind(rawValue: statement.text(2) ?? "") else {
        throw .database("An attendance event in the database has an unknown kind.")
      }
      events.append(
        AttendanceEvent(
          id: statement.entryID(1) ?? UUID(), kind: kind, session: statement.entryID(3) ?? UUID(),
          entry: statement.entryID(4) ?? UUID(), status: statement.text(5),
          at: Date(timeIntervalSinceReferenceDate: statement.real(6)),
          by: statement.text(7) ?? "", device: statement.text(8) ?? "",
          reverts: statement.isNull(9) ? nil : statement.entryID(9),
          receivedAt: Date(timeIntervalSinceReferenceDate: statement.real(10)),
          sequence: statement.integer(0), madeOffline: statement.integer(11) != 0))
    }
    return events
  }

  /// Other processes on the file see the commit through `PRAGMA data_version`.
  package func announceAttendance(of list: StoredList, sequence: Int64) throws(StoreError) {}

  package func pushAttendanceStep(
    _ events: [AttendanceEvent], by: String, position: Int64, in list: StoredList
  ) throws(StoreError) {
    try database.run(
      "INSERT INTO attendance_undo (list, by, position, events) VALUES (?, ?, ?, ?)",
      .integer(list.row), .text(by), .integer(position), .blob(AttendanceCoding.encode(events)))
    try database.run(
      "DELETE FROM attendance_undo WHERE list = ?1 AND by = ?2 AND step <= (SELECT step FROM"
        + " attendance_undo WHERE list = ?1 AND by = ?2 ORDER BY step DESC LIMIT 1 OFFSET ?3)",
      .integer(list.row), .text(by), .integer(Int64(Self.attendanceUndoLimit)))
  }

  package func topAttendanceStep(by: String, in list: StoredList) throws(StoreError) -> (
    step: Int64, position: Int64, events: [AttendanceEvent]
  )? {
    let statement = try database.statement(
      "SELECT step, position, events FROM attendance_undo WHERE list = ? AND by = ?"
        + " ORDER BY step DESC LIMIT 1")
    try statement.bind([.integer(list.row), .text(by)])
    defer { statement.reset() }
    guard try statement.step() else { return nil }
    return (
      statement.integer(0), statement.integer(1),
      try AttendanceCoding.decode([AttendanceEvent].self, from: statement.blob(2) ?? Data())
    )
  }

  package func deleteAttendanceStep(_ step: Int64) throws(StoreError) {
    try database.run("DELETE FROM attendance_undo WHERE step = ?", .integer(step))
  }
}
