public import Foundation

/// Every entry's attendance in every session of one list, as a pure function of its event log,
/// kept up to date event by event.
///
/// The ledger is the one place the attendance rules live. Producers (``checkingIn(_:in:status:origin:)``
/// and the others) check a person's action against the current state and return the events that
/// do it, refusing with an ``AttendanceError``; ``apply(_:)`` applies events, the local ones
/// and everyone else's, in the order the store received them. A store replays its log into a
/// ledger, a replica applies the server's events as they come: the same log gives the same
/// state everywhere.
///
/// The rules, as ``apply(_:)`` applies them:
/// - **First check-in wins.** A ``AttendanceEvent/Kind/checkin`` while the entry is inside is a
///   double check-in: kept, flagged (``doubleCheckIns``), the state unchanged.
/// - A check-in after a check-out brings the entry back inside; its first check-in stays.
/// - A status change may make the entry checked in or not; its first check-in stays until a
///   clear.
/// - A check-out of an entry not inside, or a clear of one not marked, changes nothing.
/// - An event that reverts the last change of its entry in its session (``AttendanceEvent/reverts``)
///   puts back the state from before that change, exactly, and makes the change before it the
///   last one: undo goes back change by change (up to ``revertDepth`` changes per entry and
///   session), a check-in after its status change included.
///
/// Counts (``counts(in:)``) leave out entries removed from the list (``removeEntry(_:)``) and are
/// kept as events land: applying an event costs O(1) amortized (hash tables), whatever the list's
/// size.
///
/// ```swift
/// var ledger = AttendanceLedger()
/// let evening = try ledger.makingSession(named: "Evening 1", id: UUID())
/// try ledger.add(evening)
/// let door = AttendanceOrigin(by: "anna", device: "door-1")
/// ledger.apply(try ledger.checkingIn(zoe, in: evening.id, origin: door))
/// ledger.counts(in: evening.id).checkedIn   // 1
/// try ledger.checkingIn(zoe, in: evening.id, origin: door)
/// // throws .alreadyCheckedIn(AttendanceCheckIn(at: 19:02, by: "anna", device: "door-1", …))
/// ```
public struct AttendanceLedger: Sendable {
  /// An entry in a session.
  struct Key: Hashable, Sendable {
    var session: UUID
    var entry: UUID
  }

  /// A change of a key, for an event that reverts it.
  typealias LastChange = AttendanceSlot.Change

  /// The list's statuses, in order.
  public internal(set) var statuses: [AttendanceStatus]
  /// The list's sessions, in the order they were added.
  public internal(set) var sessions: [AttendanceSession] = []
  /// The double check-ins: each flagged check-in event's id, with the check-in that held.
  public internal(set) var doubleCheckIns: [UUID: AttendanceCheckIn] = [:]
  /// The sequence number of the last event applied that had one.
  public internal(set) var lastSequence: Int64?

  var presence: [String: AttendanceStatus.Presence] = [:]
  var sessionIDs: [String: UUID] = [:]
  var states: [Key: AttendanceState] = [:]
  var sessionCounts: [UUID: AttendanceCounts] = [:]
  var eventCounts: [UUID: Int] = [:]
  var applied: Set<UUID> = []
  /// Each key's last change, the one an event reverting it undoes.
  var lastChanges: [Key: LastChange] = [:]
  /// Each key's changes before its last one, oldest first: a revert of the last change brings
  /// the one before back on top (``revertDepth``), so undo goes back step by step.
  var earlierChanges: [Key: [LastChange]] = [:]
  var removed: Set<UUID> = []
  var entrySessions: [UUID: Set<UUID>] = [:]

  /// A ledger with no events, over a list's statuses (by default ``AttendanceStatus/defaults``)
  /// and sessions, as a store loads them; a status or session named twice keeps the first.
  /// - Complexity: O(s) in the number of statuses and sessions.
  public init(
    statuses: [AttendanceStatus] = AttendanceStatus.defaults, sessions: [AttendanceSession] = []
  ) {
    self.statuses = []
    for status in statuses { try? add(status) }
    for session in sessions { try? add(session) }
  }

  /// A ledger replaying `events`, in order, over a list's statuses and sessions.
  /// - Complexity: O(s + e) in the number of statuses, sessions and events.
  public init(
    statuses: [AttendanceStatus] = AttendanceStatus.defaults, sessions: [AttendanceSession],
    events: some Sequence<AttendanceEvent>
  ) {
    self.init(statuses: statuses, sessions: sessions)
    apply(contentsOf: events)
  }

  // MARK: Reading

  /// The entry's attendance in the session; `nil` when not marked.
  /// - Complexity: O(1).
  public func state(of entry: UUID, in session: UUID) -> AttendanceState? {
    states[Key(session: session, entry: entry)]
  }

  /// The session's counts over the live entries; zero for an unknown session.
  /// - Complexity: O(1).
  public func counts(in session: UUID) -> AttendanceCounts {
    sessionCounts[session] ?? AttendanceCounts()
  }

  /// How many events the session's log holds (every kind, flagged ones too).
  /// - Complexity: O(1).
  public func eventCount(in session: UUID) -> Int { eventCounts[session] ?? 0 }

  /// Whether the entry was removed from the list (``removeEntry(_:)``).
  /// - Complexity: O(1).
  public func isRemoved(_ entry: UUID) -> Bool { removed.contains(entry) }

  /// Whether the event was applied already.
  /// - Complexity: O(1).
  public func hasApplied(_ event: UUID) -> Bool { applied.contains(event) }

  /// The status's presence; an unknown name counts as absent.
  /// - Complexity: O(1).
  public func presence(of status: String) -> AttendanceStatus.Presence {
    presence[status] ?? .absent
  }

  // MARK: Applying

  /// Applies one event from the log: the local ones as they are made, everyone's in the order
  /// the store received them. An id applied before changes nothing.
  /// - Returns: What the event did; a double check-in is also added to ``doubleCheckIns``.
  /// - Complexity: O(1) amortized.
  @discardableResult
  public mutating func apply(_ event: AttendanceEvent) -> AttendanceOutcome {
    guard applied.insert(event.id).inserted else { return .duplicate }
    if let sequence = event.sequence { lastSequence = sequence }
    guard sessionCounts[event.session] != nil else { return .unknownSession }
    eventCounts[event.session, default: 0] += 1
    let key = Key(session: event.session, entry: event.entry)
    let old = states[key]
    if let reverted = event.reverts, let last = lastChanges[key], last.event == reverted {
      replace(key, old: old, with: last.previous.map(presenceNow))
      popChange(of: key)
      return .applied
    }
    switch transition(from: old, by: event) {
    case .double(let first):
      doubleCheckIns[event.id] = first
      return .doubleCheckIn(first: first)
    case .unchanged: return .noChange
    case .to(let new):
      replace(key, old: old, with: new)
      pushChange(LastChange(event: event.id, previous: old), of: key)
      return .applied
    }
  }

  /// A state with its status's presence as the ledger knows it now: a state kept for undo
  /// may predate the status's addition (``add(_:)-(AttendanceStatus)``).
  func presenceNow(_ state: AttendanceState) -> AttendanceState {
    var state = state
    state.isCheckedIn = presence(of: state.status) == .present
    if state.isCheckedIn, state.checkIn == nil { state.checkIn = state.marked }
    return state
  }

  /// Applies events in order: an action's, or a page of the store's log.
  /// - Returns: What each event did.
  /// - Complexity: O(e) amortized in the number of events.
  @discardableResult
  public mutating func apply(contentsOf events: some Sequence<AttendanceEvent>)
    -> [AttendanceOutcome]
  {
    events.map { apply($0) }
  }

  /// What an event does to a state, by its kind.
  enum Transition {
    case double(AttendanceCheckIn)
    case unchanged
    case to(AttendanceState?)
  }

  func transition(from old: AttendanceState?, by event: AttendanceEvent) -> Transition {
    let status = event.status ?? AttendanceStatus.present.name
    let present = presence(of: status) == .present
    let firstCheckIn = old?.checkIn ?? (present ? AttendanceCheckIn(event) : nil)
    switch event.kind {
    case .checkin:
      if let old, old.isInside { return .double(old.checkIn ?? AttendanceCheckIn(event)) }
      return .to(
        AttendanceState(
          status: status, isCheckedIn: present, checkIn: firstCheckIn,
          marked: AttendanceCheckIn(event), leftAt: nil, lastEvent: event.id))
    case .status:
      if old?.status == status { return .unchanged }
      return .to(
        AttendanceState(
          status: status, isCheckedIn: present, checkIn: firstCheckIn,
          marked: AttendanceCheckIn(event), leftAt: old?.leftAt, lastEvent: event.id))
    case .checkout:
      guard var next = old, next.isInside else { return .unchanged }
      next.leftAt = event.at
      next.lastEvent = event.id
      return .to(next)
    case .clear:
      return old == nil ? .unchanged : .to(nil)
    }
  }

  /// Puts `new` in place of `old` for `key`, keeping the counts and the entry's sessions.
  mutating func replace(_ key: Key, old: AttendanceState?, with new: AttendanceState?) {
    if !removed.contains(key.entry) {
      if let old { sessionCounts[key.session, default: AttendanceCounts()].count(old, -1) }
      if let new { sessionCounts[key.session, default: AttendanceCounts()].count(new, 1) }
    }
    states[key] = new
    if new == nil {
      entrySessions[key.entry]?.remove(key.session)
      if entrySessions[key.entry]?.isEmpty == true { entrySessions[key.entry] = nil }
    } else if old == nil {
      entrySessions[key.entry, default: []].insert(key.session)
    }
  }

  // MARK: Entries leaving the list

  /// Leaves the entry out of every session's counts: it was deleted from the list. Its events
  /// and state stay, and events for it still apply; producers refuse it.
  /// - Complexity: O(k) in the number of sessions where the entry is marked.
  public mutating func removeEntry(_ entry: UUID) {
    guard removed.insert(entry).inserted else { return }
    recount(entry, -1)
  }

  /// Counts the entry again: its deletion was undone.
  /// - Complexity: O(k) in the number of sessions where the entry is marked.
  public mutating func restoreEntry(_ entry: UUID) {
    guard removed.remove(entry) != nil else { return }
    recount(entry, 1)
  }

  private mutating func recount(_ entry: UUID, _ sign: Int) {
    for session in entrySessions[entry] ?? [] {
      guard let state = states[Key(session: session, entry: entry)] else { continue }
      sessionCounts[session, default: AttendanceCounts()].count(state, sign)
    }
  }
}
