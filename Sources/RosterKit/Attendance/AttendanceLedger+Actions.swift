public import Foundation

/// The producers: each checks a person's action against the current state and returns the
/// events that do it, for the caller to store and then ``AttendanceLedger/apply(_:)``. None
/// changes the ledger; an empty result means there is nothing to do.
extension AttendanceLedger {
  /// Checks an entry in: a first marking, or coming back inside after a check-out.
  ///
  /// Apply each event before producing the next, so that an entry named twice is refused the
  /// second time.
  /// - Parameters:
  ///   - entry: A live entry of the list.
  ///   - session: The session's id.
  ///   - status: A status of the list; `present` by default.
  ///   - origin: Who acts, where, and their clock.
  /// - Returns: The check-in event.
  /// - Throws: ``AttendanceError/alreadyCheckedIn(_:)`` with the first check-in when the entry
  ///   is inside; ``AttendanceError/sessionNotFound(_:)``, ``AttendanceError/statusNotFound(_:)``,
  ///   ``AttendanceError/entryRemoved(_:)``.
  /// - Complexity: O(t) in the number of statuses.
  public func checkingIn(
    _ entry: UUID, in session: UUID, status: String = AttendanceStatus.present.name,
    origin: AttendanceOrigin
  ) throws(AttendanceError) -> AttendanceEvent {
    let status = try check(session, status: status)
    try checkLive(entry)
    if let state = state(of: entry, in: session), state.isInside, let first = state.checkIn {
      throw .alreadyCheckedIn(first)
    }
    return origin.event(.checkin, session: session, entry: entry, status: status)
  }

  /// `--all`: every entry of `entries` not yet marked in the session gets the status, as one
  /// action. Removed entries, marked ones and repeats are skipped.
  /// - Throws: ``AttendanceError/sessionNotFound(_:)`` or ``AttendanceError/statusNotFound(_:)``.
  /// - Complexity: O(n + t) in the number of entries and of statuses.
  public func checkingInAll(
    _ entries: some Sequence<UUID>, in session: UUID,
    status: String = AttendanceStatus.present.name, origin: AttendanceOrigin
  ) throws(AttendanceError) -> [AttendanceEvent] {
    let status = try check(session, status: status)
    var seen: Set<UUID> = []
    var events: [AttendanceEvent] = []
    for entry in entries
    where !removed.contains(entry) && state(of: entry, in: session) == nil
      && seen.insert(entry).inserted
    {
      events.append(origin.event(.checkin, session: session, entry: entry, status: status))
    }
    return events
  }

  /// Changes an entry's status on purpose (`late` over `present`); an entry not marked yet is
  /// marked by a check-in event with that status.
  /// - Returns: One event, or none when the entry has that status already.
  /// - Throws: ``AttendanceError/sessionNotFound(_:)``, ``AttendanceError/statusNotFound(_:)``,
  ///   ``AttendanceError/entryRemoved(_:)``.
  /// - Complexity: O(t) in the number of statuses.
  public func changingStatus(
    of entry: UUID, in session: UUID, to status: String, origin: AttendanceOrigin
  ) throws(AttendanceError) -> [AttendanceEvent] {
    let status = try check(session, status: status)
    try checkLive(entry)
    guard let state = state(of: entry, in: session) else {
      return [origin.event(.checkin, session: session, entry: entry, status: status)]
    }
    guard state.status != status else { return [] }
    return [origin.event(.status, session: session, entry: entry, status: status)]
  }

  /// Checks an entry out (it left).
  /// - Throws: ``AttendanceError/notCheckedIn(entry:session:)``,
  ///   ``AttendanceError/alreadyCheckedOut(entry:session:at:)``,
  ///   ``AttendanceError/sessionNotFound(_:)``, ``AttendanceError/entryRemoved(_:)``.
  /// - Complexity: O(1).
  public func checkingOut(_ entry: UUID, in session: UUID, origin: AttendanceOrigin)
    throws(AttendanceError) -> AttendanceEvent
  {
    try check(session)
    try checkLive(entry)
    guard let state = state(of: entry, in: session), state.isCheckedIn else {
      throw .notCheckedIn(entry: entry, session: session)
    }
    if let left = state.leftAt {
      throw .alreadyCheckedOut(entry: entry, session: session, at: left)
    }
    return origin.event(.checkout, session: session, entry: entry)
  }

  /// Clears an entry's mark in the session: back to not marked, logged.
  /// - Returns: One event, or none when the entry is not marked.
  /// - Throws: ``AttendanceError/sessionNotFound(_:)`` or ``AttendanceError/entryRemoved(_:)``.
  /// - Complexity: O(1).
  public func clearing(_ entry: UUID, in session: UUID, origin: AttendanceOrigin)
    throws(AttendanceError) -> [AttendanceEvent]
  {
    try check(session)
    try checkLive(entry)
    guard state(of: entry, in: session) != nil else { return [] }
    return [origin.event(.clear, session: session, entry: entry)]
  }

  /// Undoes an action, applied earlier: for each entry it touched, an event that reverts it
  /// (``AttendanceEvent/reverts``), putting back the state from before. Undoing a check-in
  /// appends a clear; nothing is deleted. An entry changed by a later event (someone else's)
  /// is left as it is.
  /// - Parameters:
  ///   - action: The events one producer returned, as applied.
  ///   - origin: Who undoes, where, and their clock.
  /// - Returns: The events that undo it, newest change first.
  /// - Complexity: O(a) in the number of events of the action.
  public func undoing(_ action: [AttendanceEvent], origin: AttendanceOrigin)
    -> [AttendanceEvent]
  {
    action.reversed().compactMap { done in
      let key = Key(session: done.session, entry: done.entry)
      guard let last = lastChanges[key], last.event == done.id else { return nil }
      let current = states[key]
      let (kind, status): (AttendanceEvent.Kind, String?) =
        switch (last.previous, current) {
        case (nil, _): (.clear, nil)
        case (let previous?, nil): (.checkin, previous.status)
        case (let previous?, let current?) where current.leftAt != nil && previous.leftAt == nil:
          (.checkin, previous.status)
        case (let previous?, _): (.status, previous.status)
        }
      return origin.event(
        kind, session: done.session, entry: done.entry, status: status, reverts: done.id)
    }
  }

  // MARK: Checks

  /// The normalized name of a status of the list, after checking the session.
  private func check(_ session: UUID, status: String) throws(AttendanceError) -> String {
    try check(session)
    return try self.status(named: status).name
  }

  private func check(_ session: UUID) throws(AttendanceError) {
    guard sessionCounts[session] != nil else {
      throw .sessionNotFound(session.uuidString.lowercased())
    }
  }

  private func checkLive(_ entry: UUID) throws(AttendanceError) {
    guard !removed.contains(entry) else { throw .entryRemoved(entry) }
  }
}
