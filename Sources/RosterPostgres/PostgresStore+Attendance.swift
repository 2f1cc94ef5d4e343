package import Foundation
package import RosterBackend
package import RosterKit

/// Attendance on PostgreSQL: the statements of ``RosterBackend/AttendanceRowStore`` over the
/// schema 4 tables; the actions are RosterBackend's, shared with `SQLiteStore`. Every write
/// first locks the list's row (`FOR UPDATE`), so two connections checking in the same entry
/// queue, on any machine, and the second finds the first's check-in.
extension PostgresStore: AttendanceRowStore {
  /// The database role (`current_user`, which row-level security holds every event's `by` to)
  /// and the host name.
  package func attendanceActor() throws(StoreError) -> (by: String, device: String) {
    if let role { return (role, AttendanceCoding.hostName) }
    let found = try run("SELECT current_user").text(0, 0) ?? ""
    role = found
    return (found, AttendanceCoding.hostName)
  }

  package func storedStatuses(of list: PostgresList) throws(StoreError) -> [AttendanceStatus] {
    let result = try run(
      "SELECT name, counts_as FROM attendance_statuses WHERE list = $1 ORDER BY position",
      [list.key])
    return (0..<result.count).map { row in
      AttendanceStatus(
        name: result.text(row, 0) ?? "",
        countsAs: AttendanceStatus.Presence(rawValue: result.text(row, 1) ?? "") ?? .absent)
    }
  }

  package func insertStatus(_ status: AttendanceStatus, position: Int, in list: PostgresList)
    throws(StoreError)
  {
    try run(
      "INSERT INTO attendance_statuses (list, name, counts_as, position) VALUES ($1, $2, $3, $4)",
      [list.key, status.name, status.countsAs.rawValue, String(position)])
  }

  private func sessionSummaries(
    where condition: String, _ values: [String], in list: PostgresList
  ) throws(StoreError) -> [AttendanceSessionSummary] {
    let result = try run(
      "SELECT id, name, events, marked, checked_in, inside FROM attendance_sessions"
        + " WHERE list = $1\(condition) ORDER BY position", [list.key] + values)
    var summaries: [AttendanceSessionSummary] = (0..<result.count).map { row in
      var counts = AttendanceCounts()
      counts.marked = Int(result.integer(row, 3))
      counts.checkedIn = Int(result.integer(row, 4))
      counts.inside = Int(result.integer(row, 5))
      return AttendanceSessionSummary(
        session: AttendanceSession(
          id: result.uuid(row, 0) ?? UUID(), name: result.text(row, 1) ?? ""),
        counts: counts, events: Int(result.integer(row, 2)))
    }
    guard !summaries.isEmpty else { return [] }
    let counts = try run(
      "SELECT c.session, c.status, c.count FROM attendance_status_counts c"
        + " JOIN attendance_sessions s ON s.list = c.list AND s.id = c.session"
        + " WHERE c.list = $1 AND c.count <> 0\(condition.replacingOccurrences(of: " AND ", with: " AND s."))",
      [list.key] + values)
    var index: [UUID: Int] = [:]
    for (position, summary) in summaries.enumerated() { index[summary.session.id] = position }
    for row in 0..<counts.count {
      guard let session = counts.uuid(row, 0), let position = index[session] else { continue }
      summaries[position].counts.byStatus[counts.text(row, 1) ?? ""] = Int(counts.integer(row, 2))
    }
    return summaries
  }

  package func storedSessions(of list: PostgresList) throws(StoreError)
    -> [AttendanceSessionSummary]
  {
    try sessionSummaries(where: "", [], in: list)
  }

  package func storedSession(id: UUID, in list: PostgresList) throws(StoreError)
    -> AttendanceSessionSummary?
  {
    try sessionSummaries(where: " AND id = $2", [UUIDText.string(id)], in: list).first
  }

  package func storedSession(named name: String, in list: PostgresList) throws(StoreError)
    -> AttendanceSessionSummary?
  {
    try sessionSummaries(where: " AND name = $2", [name], in: list).first
  }

  package func insertSession(_ session: AttendanceSession, in list: PostgresList)
    throws(StoreError)
  {
    try run(
      "INSERT INTO attendance_sessions (list, id, name, position) VALUES ($1, $2, $3,"
        + " (SELECT coalesce(max(position), 0) + 1 FROM attendance_sessions WHERE list = $1))",
      [list.key, UUIDText.string(session.id), session.name])
  }

  package func setSessionName(_ name: String, of session: UUID, in list: PostgresList)
    throws(StoreError)
  {
    try run(
      "UPDATE attendance_sessions SET name = $1 WHERE list = $2 AND id = $3",
      [name, list.key, UUIDText.string(session)])
  }

  package func deleteSessionRows(_ session: UUID, in list: PostgresList) throws(StoreError) {
    let id = UUIDText.string(session)
    for table in ["attendance_states", "attendance_status_counts"] {
      try run("DELETE FROM \(table) WHERE list = $1 AND session = $2", [list.key, id])
    }
    try run("DELETE FROM attendance_sessions WHERE list = $1 AND id = $2", [list.key, id])
  }

  package func adjustSession(
    _ session: UUID, by delta: AttendanceCounts, events: Int, in list: PostgresList
  ) throws(StoreError) {
    let id = UUIDText.string(session)
    try run(
      "UPDATE attendance_sessions SET events = events + $1, marked = marked + $2,"
        + " checked_in = checked_in + $3, inside = inside + $4 WHERE list = $5 AND id = $6",
      [
        String(events), String(delta.marked), String(delta.checkedIn), String(delta.inside),
        list.key, id,
      ])
    for (status, change) in delta.byStatus {
      try run(
        "INSERT INTO attendance_status_counts AS c (list, session, status, count)"
          + " VALUES ($1, $2, $3, $4) ON CONFLICT (list, session, status)"
          + " DO UPDATE SET count = c.count + excluded.count",
        [list.key, id, status, String(change)])
    }
  }

  package func slot(of entry: UUID, in session: UUID, list: PostgresList) throws(StoreError)
    -> AttendanceSlot?
  {
    let result = try run(
      "SELECT slot FROM attendance_states WHERE list = $1 AND session = $2 AND entry = $3",
      [list.key, UUIDText.string(session), UUIDText.string(entry)])
    guard result.count == 1 else { return nil }
    return try AttendanceCoding.decode(
      AttendanceSlot.self, from: Data((result.text(0, 0) ?? "").utf8))
  }

  package func slots(in session: UUID, list: PostgresList) throws(StoreError) -> [(
    entry: UUID, slot: AttendanceSlot
  )] {
    let result = try run(
      "SELECT entry, slot FROM attendance_states WHERE list = $1 AND session = $2",
      [list.key, UUIDText.string(session)])
    var slots: [(entry: UUID, slot: AttendanceSlot)] = []
    for row in 0..<result.count {
      slots.append(
        (
          result.uuid(row, 0) ?? UUID(),
          try AttendanceCoding.decode(
            AttendanceSlot.self, from: Data((result.text(row, 1) ?? "").utf8))
        ))
    }
    return slots
  }

  package func writeSlot(
    _ slot: AttendanceSlot, of entry: UUID, in session: UUID, list: PostgresList
  ) throws(StoreError) {
    let state = slot.state
    try run(
      "INSERT INTO attendance_states"
        + " (list, session, entry, status, marked, checked_in, inside, slot)"
        + " VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (list, session, entry) DO UPDATE"
        + " SET status = excluded.status, marked = excluded.marked,"
        + " checked_in = excluded.checked_in, inside = excluded.inside, slot = excluded.slot",
      [
        list.key, UUIDText.string(session), UUIDText.string(entry), state?.status,
        state == nil ? "0" : "1", state?.isCheckedIn == true ? "1" : "0",
        state?.isInside == true ? "1" : "0",
        String(decoding: AttendanceCoding.encode(slot), as: UTF8.self),
      ])
  }

  package func removedMarkedEntries(of list: PostgresList) throws(StoreError) -> [UUID] {
    let result = try run(
      "SELECT DISTINCT entry FROM attendance_states s WHERE list = $1"
        + " AND NOT EXISTS (SELECT 1 FROM entries e WHERE e.list = $1 AND e.id = s.entry)",
      [list.key])
    return (0..<result.count).compactMap { result.uuid($0, 0) }
  }

  /// The list's next attendance sequence number, counted as one of this connection's own
  /// changes, so that ``hasExternalChanges()`` does not report it.
  package func nextAttendanceSequence(of list: PostgresList) throws(StoreError) -> Int64 {
    pendingChanges += 1
    return try run(
      "UPDATE lists SET attendance_seq = attendance_seq + 1 WHERE id = $1"
        + " RETURNING attendance_seq", [list.key]
    ).integer(0, 0)
  }

  package func hasEvent(_ id: UUID, in list: PostgresList) throws(StoreError) -> Bool {
    try run(
      "SELECT 1 FROM attendance_events WHERE list = $1 AND id = $2",
      [list.key, UUIDText.string(id)]
    ).count == 1
  }

  package func appendEvent(_ event: AttendanceEvent, in list: PostgresList) throws(StoreError) {
    try run(
      "INSERT INTO attendance_events (list, seq, id, kind, session, entry, status, at, by,"
        + " device, reverts, received_at, offline)"
        + " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
      [
        list.key, String(event.sequence ?? 0), UUIDText.string(event.id), event.kind.rawValue,
        UUIDText.string(event.session), UUIDText.string(event.entry), event.status,
        String(event.at.timeIntervalSinceReferenceDate), event.by, event.device,
        event.reverts.map(UUIDText.string),
        String((event.receivedAt ?? now()).timeIntervalSinceReferenceDate),
        event.madeOffline ? "true" : "false",
      ])
  }

  package func events(of list: PostgresList, session: UUID?, after: Int64) throws(StoreError)
    -> [AttendanceEvent]
  {
    let result = try run(
      "SELECT seq, id, kind, session, entry, status, at, by, device, reverts, received_at,"
        + " offline FROM attendance_events WHERE list = $1 AND seq > $2"
        + (session == nil ? "" : " AND session = $3") + " ORDER BY seq",
      [list.key, String(after)] + (session.map { [UUIDText.string($0)] } ?? []))
    var events: [AttendanceEvent] = []
    for row in 0..<result.count {
      guard let kind = AttendanceEvent.Kind(rawValue: result.text(row, 2) ?? "") else {
        throw .database("An attendance event in the database has an unknown kind.")
      }
      events.append(
        AttendanceEvent(
          id: result.uuid(row, 1) ?? UUID(), kind: kind, session: result.uuid(row, 3) ?? UUID(),
          entry: result.uuid(row, 4) ?? UUID(), status: result.text(row, 5),
          at: Date(timeIntervalSinceReferenceDate: result.real(row, 6)),
          by: result.text(row, 7) ?? "", device: result.text(row, 8) ?? "",
          reverts: result.uuid(row, 9),
          receivedAt: Date(timeIntervalSinceReferenceDate: result.real(row, 10)),
          sequence: result.integer(row, 0), madeOffline: result.text(row, 11) == "t"))
    }
    return events
  }

  /// `NOTIFY roster, 'LIST-UUID attendance SEQ'`, delivered on commit: other windows learn of
  /// check-ins as of edits.
  package func announceAttendance(of list: PostgresList, sequence: Int64) throws(StoreError) {
    try run(
      "SELECT pg_notify($1, $2)",
      [Self.channel, "\(UUIDText.string(list.id)) attendance \(sequence)"])
  }

  package func pushAttendanceStep(
    _ events: [AttendanceEvent], by: String, position: Int64, in list: PostgresList
  ) throws(StoreError) {
    try run(
      "INSERT INTO attendance_undo (list, position, events) VALUES ($1, $2, $3)",
      [
        list.key, String(position),
        String(decoding: AttendanceCoding.encode(events), as: UTF8.self),
      ])
    try run(
      "DELETE FROM attendance_undo WHERE list = $1 AND role = current_user AND step <="
        + " (SELECT step FROM attendance_undo WHERE list = $1 AND role = current_user"
        + " ORDER BY step DESC LIMIT 1 OFFSET $2)",
      [list.key, String(Self.attendanceUndoLimit)])
  }

  package func topAttendanceStep(by: String, in list: PostgresList) throws(StoreError) -> (
    step: Int64, position: Int64, events: [AttendanceEvent]
  )? {
    let result = try run(
      "SELECT step, position, events FROM attendance_undo WHERE list = $1"
        + " AND role = current_user ORDER BY step DESC LIMIT 1", [list.key])
    guard result.count == 1 else { return nil }
    return (
      result.integer(0, 0), result.integer(0, 1),
      try AttendanceCoding.decode(
        [AttendanceEvent].self, from: Data((result.text(0, 2) ?? "").utf8))
    )
  }

  package func deleteAttendanceStep(_ step: Int64) throws(StoreError) {
    try run("DELETE FROM attendance_undo WHERE step = $1", [String(step)])
  }
}
