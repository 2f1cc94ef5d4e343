public import Foundation

extension AttendanceLedger {
  // MARK: Sessions

  /// The session named `name` (normalized first).
  /// - Throws: ``AttendanceError/invalidSessionName(_:)`` or
  ///   ``AttendanceError/sessionNotFound(_:)``.
  /// - Complexity: O(m + s) in the name's length and the number of sessions.
  public func session(named name: String) throws(AttendanceError) -> AttendanceSession {
    let normalized = try AttendanceSession.normalizedName(name)
    guard let id = sessionIDs[normalized], let session = session(id: id) else {
      throw .sessionNotFound(normalized)
    }
    return session
  }

  /// The session with this id, if the ledger has it.
  /// - Complexity: O(s) in the number of sessions.
  public func session(id: UUID) -> AttendanceSession? {
    sessions.first { $0.id == id }
  }

  /// A new session for the list, checked: its name normalized and free. Add it with
  /// ``add(_:)-(AttendanceSession)`` once stored.
  /// - Throws: ``AttendanceError/invalidSessionName(_:)`` or ``AttendanceError/sessionExists(_:)``.
  /// - Complexity: O(m) in the name's length.
  public func makingSession(named name: String, id: UUID) throws(AttendanceError)
    -> AttendanceSession
  {
    let normalized = try AttendanceSession.normalizedName(name)
    guard sessionIDs[normalized] == nil else { throw .sessionExists(normalized) }
    return AttendanceSession(id: id, name: normalized)
  }

  /// The default session: the one named for the day `date` falls on in `calendar`'s time zone,
  /// or a new one of that name (made on first use: add it once stored).
  /// - Returns: The session, and whether it is new.
  /// - Complexity: O(s) in the number of sessions.
  public func defaultSession(at date: Date, calendar: Calendar, newID: UUID)
    -> (session: AttendanceSession, isNew: Bool)
  {
    let name = AttendanceSession.defaultName(at: date, calendar: calendar)
    if let id = sessionIDs[name], let session = session(id: id) { return (session, false) }
    return (AttendanceSession(id: newID, name: name), true)
  }

  /// Adds a session, as the store has it.
  /// - Throws: ``AttendanceError/sessionExists(_:)`` when its name or id is taken.
  /// - Complexity: O(1) amortized.
  public mutating func add(_ session: AttendanceSession) throws(AttendanceError) {
    guard sessionIDs[session.name] == nil, sessionCounts[session.id] == nil else {
      throw .sessionExists(session.name)
    }
    sessions.append(session)
    sessionIDs[session.name] = session.id
    sessionCounts[session.id] = AttendanceCounts()
  }

  /// Renames a session; its events, which name it by id, stay as they are.
  /// - Returns: The renamed session.
  /// - Throws: ``AttendanceError/sessionNotFound(_:)``,
  ///   ``AttendanceError/invalidSessionName(_:)`` or ``AttendanceError/sessionExists(_:)``.
  /// - Complexity: O(s) in the number of sessions.
  @discardableResult
  public mutating func renameSession(_ id: UUID, to name: String) throws(AttendanceError)
    -> AttendanceSession
  {
    guard let index = sessions.firstIndex(where: { $0.id == id }) else {
      throw .sessionNotFound(id.uuidString.lowercased())
    }
    let normalized = try AttendanceSession.normalizedName(name)
    let old = sessions[index].name
    guard normalized != old else { return sessions[index] }
    guard sessionIDs[normalized] == nil else { throw .sessionExists(normalized) }
    sessionIDs[old] = nil
    sessionIDs[normalized] = id
    sessions[index].name = normalized
    return sessions[index]
  }

  /// Deletes a session. Refused while it has events, unless `force`; its events stay in the
  /// store's log, and a ledger replaying them skips them (``AttendanceOutcome/unknownSession``).
  /// - Throws: ``AttendanceError/sessionNotFound(_:)`` or
  ///   ``AttendanceError/sessionHasEvents(_:count:)``.
  /// - Complexity: O(n) in the number of marked entries of every session.
  public mutating func removeSession(_ id: UUID, force: Bool = false) throws(AttendanceError) {
    guard let index = sessions.firstIndex(where: { $0.id == id }) else {
      throw .sessionNotFound(id.uuidString.lowercased())
    }
    let name = sessions[index].name
    let events = eventCount(in: id)
    guard events == 0 || force else { throw .sessionHasEvents(name, count: events) }
    for key in states.keys where key.session == id {
      replace(key, old: states[key], with: nil)
    }
    lastChanges = lastChanges.filter { $0.key.session != id }
    earlierChanges = earlierChanges.filter { $0.key.session != id }
    sessions.remove(at: index)
    sessionIDs[name] = nil
    sessionCounts[id] = nil
    eventCounts[id] = nil
  }

  // MARK: Statuses

  /// The status named `name` (normalized first).
  /// - Throws: ``AttendanceError/invalidStatusName(_:)`` or ``AttendanceError/statusNotFound(_:)``.
  /// - Complexity: O(m + t) in the name's length and the number of statuses.
  public func status(named name: String) throws(AttendanceError) -> AttendanceStatus {
    let normalized = try AttendanceStatus(validating: name, countsAs: .absent).name
    guard let status = statuses.first(where: { $0.name == normalized }) else {
      throw .statusNotFound(normalized)
    }
    return status
  }

  /// Adds a status to the list. Entries already marked with a status of that name (events
  /// from another replica that knew it first) take its presence from now on: checked in, the
  /// event that marked them counts as their first check-in when they have none.
  /// - Throws: ``AttendanceError/statusExists(_:)``.
  /// - Complexity: O(n) in the number of marked entries, for that recount.
  public mutating func add(_ status: AttendanceStatus) throws(AttendanceError) {
    guard presence[status.name] == nil else { throw .statusExists(status.name) }
    statuses.append(status)
    presence[status.name] = status.countsAs
    for (key, state) in states where state.status == status.name {
      replace(key, old: state, with: presenceNow(state))
    }
  }
}
