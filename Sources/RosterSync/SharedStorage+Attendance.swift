public import Foundation
public import RosterBackend
public import RosterKit

/// Check-ins on a shared server, as the window sees them: read from the replica, which holds
/// the server's sessions, statuses and events (so reads never wait on the network), with the
/// window's check-ins still waiting to be sent applied on top.
///
/// While the server answers, an action is recorded on it at once through the window's own
/// connection, so that first check-in wins with an answer in the same frame. While it cannot be
/// reached, the action waits in the replica's queue, marked as made offline
/// (``RosterKit/AttendanceEvent/madeOffline``), and a session that does not exist yet (today's)
/// is made here and made on the server by name when its first check-in is sent. What the server
/// then refused, or kept as a double check-in because another door's came first, reaches the
/// window through ``takeRefusedAttendance()``, once the replica holds what the server stored.
///
/// Making, renaming and deleting sessions by name, adding statuses and `undo` of a stored step
/// need the server, and are refused at once while it cannot be reached.
extension SharedStorage: AttendanceDesk, AttendanceStorage {
  /// This storage.
  public var attendanceStore: (any AttendanceStorage)? { self }

  private var replicaAttendance: any AttendanceStorage {
    get throws(StoreError) {
      guard let store = replicaStorage.lists as? any AttendanceStorage else {
        throw .database("The replica keeps no attendance.")
      }
      return store
    }
  }

  /// Records the events on the server at once while it answers; otherwise (or for a session
  /// made offline) puts them in the replica's queue, marked as made offline.
  /// - Returns: The server's record, or `nil` when queued (refusals come later).
  /// - Throws: ``RosterBackend/StoreError`` when the queue cannot be written: nothing stored.
  /// - Complexity: One round trip online; O(1) and no network offline.
  public func submitAttendance(_ events: [AttendanceEvent], in list: UUID) throws(StoreError)
    -> AttendanceRecord?
  {
    guard let first = events.first else { return AttendanceRecord() }
    let held = try replicaAttendance.attendanceSessions(in: list).map(\.session)
    if isOnline, held.contains(where: { $0.id == first.session }) {
      do {
        return try onServer { (server) throws(StoreError) in
          guard let store = server as? any AttendanceStorage else { throw Self.offline }
          return try store.record(events, in: list, undoable: true)
        }
      } catch .database {
        // The connection was lost on the way: the check-in waits, as made offline.
      }
    }
    let sessions = try attendanceSessions(in: list).map(\.session)
    guard let session = sessions.first(where: { $0.id == first.session }) else {
      throw .attendance(.sessionNotFound(UUIDText.string(first.session)))
    }
    let offline = !isOnline
    let waiting = events.map { event in
      var event = event
      event.madeOffline = offline
      return event
    }
    try replicaStorage.attendanceQueue.appendAttendance(
      WaitingAttendance(list: list, sessionName: session.name, events: waiting))
    noteQueuedAttendance()
    return nil
  }

  /// The check-ins the server refused or kept as double check-ins since the last call.
  public func takeRefusedAttendance() -> [RefusedAttendance] {
    defer { refusedAttendance = [] }
    return refusedAttendance
  }

  /// Runs `body` on the server's attendance, refused at once while it cannot be reached.
  private func onServerAttendance<T>(_ body: (any AttendanceStorage) throws(StoreError) -> T)
    throws(StoreError) -> T
  {
    guard isOnline else { throw Self.offline }
    return try onServer { (server) throws(StoreError) in
      guard let store = server as? any AttendanceStorage else { throw Self.offline }
      return try body(store)
    }
  }

  /// Brings the list's attendance in the replica up to the server's, after the window changed
  /// it there.
  private func pullAttendance(of list: UUID) throws(StoreError) {
    try onServer { (server) throws(StoreError) in
      _ = try ReplicaPuller(server: server, replica: replicaStorage).pullAttendance(of: list)
    }
  }

  /// The server's stamp for this user's events; offline, the user and host names (the server
  /// stamps its own when the events arrive).
  public func attendanceOrigin() throws(StoreError) -> AttendanceOrigin {
    if let serverOrigin { return serverOrigin }
    if isOnline,
      let origin = try? onServerAttendance({ (store) throws(StoreError) in
        try store.attendanceOrigin()
      })
    {
      serverOrigin = origin
      return origin
    }
    return AttendanceOrigin(by: AttendanceCoding.userName, device: AttendanceCoding.hostName)
  }

  /// The list's statuses, from the replica.
  public func attendanceStatuses(in list: UUID) throws(StoreError) -> [AttendanceStatus] {
    try replicaAttendance.attendanceStatuses(in: list)
  }

  /// Adds a status on the server. Refused while offline.
  @discardableResult
  public func addAttendanceStatus(
    named name: String, countsAs: AttendanceStatus.Presence, in list: UUID
  ) throws(StoreError) -> AttendanceStatus {
    let status = try onServerAttendance { (store) throws(StoreError) in
      try store.addAttendanceStatus(named: name, countsAs: countsAs, in: list)
    }
    try pullAttendance(of: list)
    return status
  }

  /// The list's sessions from the replica, then those made here that the server has not got
  /// yet (by name): made by this window, or named by check-ins waiting in the queue.
  public func attendanceSessions(in list: UUID) throws(StoreError) -> [AttendanceSessionSummary] {
    var sessions = try replicaAttendance.attendanceSessions(in: list)
    var names = Set(sessions.map(\.session.name))
    var made = madeSessions[list] ?? []
    for action in try replicaStorage.attendanceQueue.waitingAttendance(in: list)
    where !made.contains(where: { $0.name == action.sessionName }) {
      made.append(AttendanceSession(id: action.events[0].session, name: action.sessionName))
    }
    for session in made where names.insert(session.name).inserted {
      sessions.append(
        AttendanceSessionSummary(session: session, counts: AttendanceCounts(), events: 0))
    }
    return sessions
  }

  /// A session of the replica or made here; a new one is made on the server while it answers,
  /// else here, and made on the server by name with its first check-in.
  public func session(
    named name: String?, in list: UUID, creating: Bool, at date: Date, calendar: Calendar
  ) throws(StoreError) -> AttendanceSession {
    let name = try AttendanceCoding.sessionName(name, at: date, calendar: calendar)
    if let found = try attendanceSessions(in: list).first(where: { $0.session.name == name }) {
      return found.session
    }
    guard creating else { throw .attendance(.sessionNotFound(name)) }
    if isOnline {
      do {
        let made = try onServerAttendance { (store) throws(StoreError) in
          try store.session(named: name, in: list, creating: true, at: date, calendar: calendar)
        }
        try pullAttendance(of: list)
        return made
      } catch .database {
        // Offline after all: made here.
      }
    }
    let made = AttendanceSession(id: UUID(), name: name)
    madeSessions[list, default: []].append(made)
    return made
  }

  /// Renames a session on the server. Refused while offline.
  @discardableResult
  public func renameSession(named old: String, to new: String, in list: UUID)
    throws(StoreError) -> AttendanceSession
  {
    let renamed = try onServerAttendance { (store) throws(StoreError) in
      try store.renameSession(named: old, to: new, in: list)
    }
    try pullAttendance(of: list)
    return renamed
  }

  /// Deletes a session on the server. Refused while offline.
  public func deleteSession(named name: String, force: Bool, in list: UUID) throws(StoreError) {
    try onServerAttendance { (store) throws(StoreError) in
      try store.deleteSession(named: name, force: force, in: list)
    }
    try pullAttendance(of: list)
  }

  /// Records events: ``submitAttendance(_:in:)``, which queues them while offline (then the
  /// record is empty).
  @discardableResult
  public func record(_ events: [AttendanceEvent], in list: UUID, undoable: Bool)
    throws(StoreError) -> AttendanceRecord
  {
    try submitAttendance(events, in: list) ?? AttendanceRecord()
  }

  /// The list's whole attendance from the replica, with the waiting check-ins on top.
  public func attendanceLedger(for list: UUID) throws(StoreError) -> AttendanceLedger {
    var ledger = try replicaAttendance.attendanceLedger(for: list)
    for session in ledger.sessions {
      ledger.apply(contentsOf: try waitingEvents(in: list, session: session))
    }
    return ledger
  }

  /// One session's attendance from the replica (or, for a session made here, none yet), with
  /// the waiting check-ins of the session's name on top.
  public func attendanceLedger(for list: UUID, session: UUID, entries: [UUID]?)
    throws(StoreError) -> AttendanceLedger
  {
    let held = try replicaAttendance.attendanceSessions(in: list).map(\.session)
    var ledger: AttendanceLedger
    let found: AttendanceSession
    if let replicaSession = held.first(where: { $0.id == session }) {
      ledger = try replicaAttendance.attendanceLedger(
        for: list, session: session, entries: entries)
      found = replicaSession
    } else if let made = try attendanceSessions(in: list).first(where: { $0.session.id == session })
    {
      ledger = AttendanceLedger(
        statuses: try attendanceStatuses(in: list), sessions: [made.session])
      found = made.session
    } else {
      throw .attendance(.sessionNotFound(UUIDText.string(session)))
    }
    ledger.apply(contentsOf: try waitingEvents(in: list, session: found))
    return ledger
  }

  /// The check-ins waiting for the session (by its name), moved to its id here.
  private func waitingEvents(in list: UUID, session: AttendanceSession) throws(StoreError)
    -> [AttendanceEvent]
  {
    try replicaStorage.attendanceQueue.waitingAttendance(in: list)
      .filter { $0.sessionName == session.name }
      .flatMap { $0.events.map { $0.moved(to: session.id) } }
  }

  /// The replica's events after `after` (the server's, as sequenced there); none for a
  /// session made here.
  public func attendanceLog(in list: UUID, session: UUID?, after: Int64) throws(StoreError)
    -> [AttendanceEvent]
  {
    if let session,
      try !replicaAttendance.attendanceSessions(in: list).contains(where: {
        $0.session.id == session
      })
    {
      return []
    }
    return try replicaAttendance.attendanceLog(in: list, session: session, after: after)
  }

  /// Undoes this user's last stored attendance action on the server. Refused while offline.
  public func undoAttendance(in list: UUID) throws(StoreError) -> AttendanceRecord? {
    let record = try onServerAttendance { (store) throws(StoreError) in
      try store.undoAttendance(in: list)
    }
    try pullAttendance(of: list)
    return record
  }

  /// Whether this user's newest step on the server is an attendance action.
  public func attendanceUndoIsNewest(in list: UUID) throws(StoreError) -> Bool {
    try onServerAttendance { (store) throws(StoreError) in
      try store.attendanceUndoIsNewest(in: list)
    }
  }
}
