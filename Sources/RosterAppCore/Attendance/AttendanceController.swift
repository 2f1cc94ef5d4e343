public import Foundation
public import RosterBackend
public import RosterKit
import RosterLocalization

/// Check-in in the window: the session shown, every entry's attendance in it, the counts, and
/// the actions a door or a desk takes (check in, a status, check out, clear, undo).
///
/// The window never waits for the store: an action is produced by the session's
/// ``RosterKit/AttendanceLedger`` (so the rules, first check-in wins among them, are RosterKit's),
/// applied to it at once, and handed to the ``RosterBackend/AttendanceDesk``. An action the store
/// refuses (another door checked the guest in a moment earlier) is taken back in ``settle()``:
/// the entry shows what is stored, and ``onMessage`` says who was first.
///
/// Check-ins made elsewhere arrive through ``sync()``, which reads the session's log past the
/// last event seen: O(k) for k new events, whatever the size of the list.
@MainActor
public final class AttendanceController {
  /// The store's side.
  public let desk: any AttendanceDesk
  private let store: any AttendanceStorage
  /// The list.
  public let list: RosterList
  /// The list's sessions, in the order they were made.
  public private(set) var sessions: [AttendanceSession] = []
  /// The name of the session shown: one of ``sessions``, or today's date before anyone was
  /// checked in today.
  public private(set) var sessionName: String
  /// The session shown, once made.
  public private(set) var session: AttendanceSession?
  /// The session's states and counts, with the actions not stored yet.
  public private(set) var ledger: AttendanceLedger
  /// Changes whenever ``ledger`` does: tells two ``PresenceFilter`` snapshots apart.
  public private(set) var version = 0
  /// Called with the entries whose attendance changed (to redraw their rows) and after the
  /// counts changed.
  public var onChange: (Set<UUID>) -> Void = { _ in }
  /// Called with a message for a toast: a refusal, or a failure to read the store.
  public var onMessage: (String) -> Void = { _ in }

  private var origin: AttendanceOrigin?
  /// The last sequence number read from the session's log.
  private var cursor: Int64 = 0
  /// The window's own actions, newest last, as applied: what ``undo()`` takes back.
  private var steps: [[AttendanceEvent]] = []
  private let now: () -> Date
  private let calendar: Calendar

  /// Attendance in `list`, showing today's session (made on the first check-in); `nil` when
  /// the store keeps no attendance.
  /// - Throws: ``RosterBackend/StoreError`` when the store cannot be read.
  /// - Complexity: O(s + e) in the number of sessions and of today's events.
  public init?(
    desk: any AttendanceDesk, list: RosterList, now: @escaping () -> Date = Date.init,
    calendar: Calendar = .current
  ) throws(StoreError) {
    guard let store = desk.attendanceStore else { return nil }
    self.desk = desk
    self.store = store
    self.list = list
    self.now = now
    self.calendar = calendar
    sessionName = AttendanceSession.defaultName(at: now(), calendar: calendar)
    ledger = AttendanceLedger()
    try show(sessionNamed: sessionName)
  }

  // MARK: Reading

  /// The entry's attendance in the session shown; `nil` when not marked.
  /// - Complexity: O(1).
  public func state(of entry: UUID) -> AttendanceState? {
    session.flatMap { ledger.state(of: entry, in: $0.id) }
  }

  /// The session's counts over the list's entries.
  /// - Complexity: O(1).
  public var counts: AttendanceCounts {
    session.map { ledger.counts(in: $0.id) } ?? AttendanceCounts()
  }

  /// The list's statuses, in order.
  public var statuses: [AttendanceStatus] { ledger.statuses }

  /// Whether the list takes attendance: it has a session. The header then shows the counts.
  public var isInUse: Bool { !sessions.isEmpty }

  /// The names the session picker offers: every session's, and today's if not made yet.
  /// - Complexity: O(s).
  public var sessionNames: [String] {
    let names = sessions.map(\.name)
    return names.contains(sessionName) ? names : names + [sessionName]
  }

  /// Whether ``undo()`` has a step of the window's own to take back.
  public var canUndo: Bool { !steps.isEmpty }

  /// The list's class register over every session, as stored once the window's own actions
  /// are: `Print Register…`.
  /// - Throws: ``RosterBackend/StoreError`` when the store cannot be read.
  /// - Complexity: O(e + n × s) for e events, n entries and s sessions.
  public func register() throws(StoreError) -> AttendanceRegister {
    _ = (desk as? any DeferredWriting)?.finishWrites(timeout: .seconds(10))
    let ledger = try store.attendanceLedger(for: list.id)
    return AttendanceRegister(ledger: ledger, entries: list.entries.map { ($0.id, $0.text) })
  }

  /// A snapshot of who has arrived, for the search: see ``PresenceFilter``.
  /// - Complexity: O(1).
  public func filter(_ kind: PresenceFilter.Kind) -> PresenceFilter {
    PresenceFilter(kind, session: session?.id, ledger: ledger, version: version)
  }

  // MARK: Sessions

  /// Shows the session of this name: a session of the list, or a new one, made on its first
  /// check-in.
  /// - Throws: ``RosterBackend/StoreError`` when the store cannot be read; nothing changes.
  /// - Complexity: O(s + e) in the number of sessions and of the session's events.
  public func show(sessionNamed name: String) throws(StoreError) {
    let all = try store.attendanceSessions(in: list.id).map(\.session)
    let found = all.first { $0.name == name }
    try load(found, all: all)
    sessionName = found?.name ?? name
    steps = []
    changed([])
  }

  /// Makes a session and shows it: `New session…`.
  /// - Throws: ``RosterBackend/StoreError`` with ``RosterKit/AttendanceError/sessionExists(_:)``
  ///   or ``RosterKit/AttendanceError/invalidSessionName(_:)``.
  /// - Complexity: O(s + log s).
  public func makeSession(named name: String) throws(StoreError) {
    let normalized = try StoreError.attending { () throws(AttendanceError) in
      try AttendanceSession.normalizedName(name)
    }
    guard !sessions.contains(where: { $0.name == normalized }) else {
      throw .attendance(.sessionExists(normalized))
    }
    _ = try store.session(
      named: normalized, in: list.id, creating: true, at: now(), calendar: calendar)
    try show(sessionNamed: normalized)
  }

  /// Loads the session's states, after reading its log's end: an event stored between the two
  /// reads is applied again by ``sync()``, which changes nothing, and none is missed.
  private func load(_ found: AttendanceSession?, all: [AttendanceSession]) throws(StoreError) {
    let statuses = try store.attendanceStatuses(in: list.id)
    guard let found else {
      sessions = all
      session = nil
      ledger = AttendanceLedger(statuses: statuses)
      cursor = 0
      return
    }
    let log = try store.attendanceLog(in: list.id, session: found.id, after: 0)
    ledger = try store.attendanceLedger(for: list.id, session: found.id, entries: nil)
    sessions = all
    session = found
    cursor = log.last?.sequence ?? 0
  }

  /// Makes the session shown, on its first check-in.
  private func madeSession() throws(StoreError) -> AttendanceSession {
    if let session { return session }
    let made = try store.session(
      named: sessionName, in: list.id, creating: true, at: now(), calendar: calendar)
    let all = try store.attendanceSessions(in: list.id).map(\.session)
    try load(made, all: all)
    return made
  }

  private func actingOrigin() throws(StoreError) -> AttendanceOrigin {
    if let origin { return origin }
    let made = try store.attendanceOrigin()
    origin = made
    return made
  }
}

// MARK: Actions

extension AttendanceController {
  /// What an action did, for the window to say.
  public enum Outcome: Equatable, Sendable {
    /// Done, with the session's counts after it.
    case done(AttendanceCounts)
    /// Refused before anything was stored, with the reason, in the reader's language.
    case refused(String)
  }

  /// Checks the entry in: `Checked in “Zoë Saldaña” · 14 of 40`.
  /// - Complexity: O(t) in the number of statuses, and no I/O but the first of a session.
  @discardableResult
  public func checkIn(_ entry: UUID, status: String = AttendanceStatus.present.name) -> Outcome {
    act(on: entry) { ledger, session, origin throws(AttendanceError) in
      [try ledger.checkingIn(entry, in: session, status: status, origin: origin)]
    }
  }

  /// Gives the entry a status on purpose (`late` over `present`), marking it if it was not.
  /// - Complexity: O(t).
  @discardableResult
  public func setStatus(_ entry: UUID, to status: String) -> Outcome {
    act(on: entry) { ledger, session, origin throws(AttendanceError) in
      try ledger.changingStatus(of: entry, in: session, to: status, origin: origin)
    }
  }

  /// Checks the entry out (left): `Check Out`.
  /// - Complexity: O(1).
  @discardableResult
  public func checkOut(_ entry: UUID) -> Outcome {
    act(on: entry) { ledger, session, origin throws(AttendanceError) in
      [try ledger.checkingOut(entry, in: session, origin: origin)]
    }
  }

  /// Puts the entry back to not marked (logged): `Clear`.
  /// - Complexity: O(1).
  @discardableResult
  public func clear(_ entry: UUID) -> Outcome {
    act(on: entry) { ledger, session, origin throws(AttendanceError) in
      try ledger.clearing(entry, in: session, origin: origin)
    }
  }

  /// Takes back the window's own newest attendance action: appends events that revert it (a
  /// check-in is reverted by a clear); an entry someone else changed since is left as it is.
  /// - Returns: Whether there was a step to take back.
  /// - Complexity: O(a) in the number of events of the step.
  @discardableResult
  public func undo() -> Bool {
    guard let step = steps.popLast(), let origin else { return false }
    let events = ledger.undoing(step, origin: origin)
    guard !events.isEmpty else { return true }
    // An undo the store refused at once stays to be undone.
    if case .refused = store(events, remembering: false) { steps.append(step) }
    return true
  }

  /// Produces the events of one action over the ledger, applies and stores them.
  private func act(
    on entry: UUID,
    _ produce: (AttendanceLedger, UUID, AttendanceOrigin) throws(AttendanceError) ->
      [AttendanceEvent]
  ) -> Outcome {
    let events: [AttendanceEvent]
    do throws(StoreError) {
      let session = try madeSession()
      let origin = try actingOrigin()
      events = try StoreError.attending { () throws(AttendanceError) in
        try produce(ledger, session.id, origin)
      }
    } catch {
      return .refused(sentence(for: error))
    }
    guard !events.isEmpty else { return .done(counts) }
    return store(events, remembering: true)
  }

  /// Applies the events, hands them to the store, and takes back what it refused at once.
  @discardableResult
  private func store(_ events: [AttendanceEvent], remembering: Bool) -> Outcome {
    let entries = Set(events.map(\.entry))
    // What the entries were, to put back without asking a store that cannot be reached.
    let before = entries.compactMap { entry in
      session.map { (entry, ledger.slot(of: entry, in: $0.id)) }
    }
    ledger.apply(contentsOf: events)
    if remembering { steps.append(events) }
    changed(entries)
    do throws(StoreError) {
      guard let record = try desk.submitAttendance(events, in: list.id) else {
        return .done(counts)
      }
      guard let first = record.refused.first else { return .done(counts) }
      takeBack(events.filter { event in record.refused.contains { $0.event?.id == event.id } })
      let message = sentence(for: .attendance(first.error))
      onMessage(message)
      return .refused(message)
    } catch {
      // Nothing was stored: the entries go back to what they were here.
      if let session {
        for (entry, slot) in before { ledger.restore(slot, of: entry, in: session.id) }
      }
      if remembering { steps.removeLast() }
      changed(entries)
      let message = sentence(for: error)
      onMessage(message)
      return .refused(message)
    }
  }

  // MARK: Following the store

  /// Applies the check-ins made elsewhere since the last call (another door, the command line)
  /// and picks up sessions made meanwhile: cheap when nothing happened.
  /// - Complexity: O(s + k) for k new events.
  public func sync() {
    do throws(StoreError) {
      guard let session else {
        let all = try store.attendanceSessions(in: list.id).map(\.session)
        guard all != sessions else { return }
        if let made = all.first(where: { $0.name == sessionName }) {
          try load(made, all: all)
        } else {
          sessions = all
        }
        return changed([])
      }
      let all = try store.attendanceSessions(in: list.id).map(\.session)
      // A session made offline, now made on the server by its name (with another id): its
      // states are read again from there.
      if !all.contains(where: { $0.id == session.id }),
        let moved = all.first(where: { $0.name == session.name })
      {
        try load(moved, all: all)
        return changed(Set(list.entries.map(\.id)))
      }
      let events = try store.attendanceLog(in: list.id, session: session.id, after: cursor)
      let sessionsChanged = all != sessions
      sessions = all
      guard let last = events.last?.sequence else {
        if sessionsChanged { changed([]) }
        return
      }
      cursor = last
      ledger.apply(contentsOf: events)
      changed(Set(events.map(\.entry)))
    } catch {
      onMessage(StoreErrorWording.sentence(for: error))
    }
  }

  /// Takes back the actions the store refused since the last call and says why (the first
  /// refusal's reason). Call it on the window's thread when the store says it settled.
  /// - Returns: Whether anything was taken back.
  @discardableResult
  public func settle() -> Bool {
    let refused = desk.takeRefusedAttendance().filter { $0.list == list.id }
    guard let first = refused.first else { return false }
    // What the store holds now, first: a session made offline may have become the server's.
    sync()
    for action in refused { takeBack(action.events) }
    let message =
      if let failure = first.failure {
        sentence(for: failure)
      } else if let refusal = first.refusals.first {
        sentence(for: .attendance(refusal.error))
      } else {
        StoreErrorWording.sentence(for: .database(""))
      }
    onMessage(message)
    return true
  }

  /// Puts the stored state back for each entry of `events`, and forgets the step they were.
  private func takeBack(_ events: [AttendanceEvent]) {
    guard let session, !events.isEmpty else { return }
    let ids = Set(events.map(\.id))
    steps.removeAll { step in step.contains { ids.contains($0.id) } }
    let entries = Array(Set(events.map(\.entry)))
    do throws(StoreError) {
      let stored = try store.attendanceLedger(for: list.id, session: session.id, entries: entries)
      for entry in entries {
        ledger.restore(stored.slot(of: entry, in: session.id), of: entry, in: session.id)
      }
    } catch {
      onMessage(StoreErrorWording.sentence(for: error))
    }
    changed(Set(entries))
  }

  /// Leaves deleted entries out of the counts and counts restored ones again: the list's own
  /// changes, as the window hears them.
  /// - Complexity: O(k) for k entries removed or inserted.
  public func note(_ change: ListChange) {
    let removed = change.removedIDs
    let inserted = change.insertedIDs
    guard !removed.isEmpty || !inserted.isEmpty else { return }
    for id in removed { ledger.removeEntry(id) }
    for id in inserted { ledger.restoreEntry(id) }
    changed([])
  }

  private func changed(_ entries: Set<UUID>) {
    version += 1
    onChange(entries)
  }

  /// A refusal in the reader's language, naming entries by their text.
  private func sentence(for error: StoreError) -> String {
    guard case .attendance(let refusal) = error else {
      return StoreErrorWording.sentence(for: error)
    }
    return AttendanceErrorWording.sentence(for: refusal) { [list] id in
      "“\(list.entry(id: id)?.text ?? String(id.uuidString.lowercased().prefix(8)))”"
    }
  }
}
