public import Foundation
public import RosterKit

/// A list's attendance as a store keeps it: sessions, statuses and the append-only event log,
/// with per-session counts kept as events land. `SQLiteStore`, `PostgresStore` and
/// ``MemoryStorage`` conform.
///
/// The rules are RosterKit's (``RosterKit/AttendanceLedger``): a front end produces events
/// with the ledger's producers and stores them with ``record(_:in:undoable:)``, which checks
/// them again inside its write transaction, so that **first check-in wins** across processes
/// (and, on PostgreSQL, across machines): of two check-ins of one entry in one session at the
/// same moment, one is stored and the other refused with
/// ``RosterKit/AttendanceError/alreadyCheckedIn(_:)`` carrying the first one's details. A
/// check-in made offline that comes second is kept instead, as a double check-in
/// (``AttendanceRecord/doubles``): attendance events made offline never conflict.
///
/// The command line's attendance commands are each a few lines over it:
///
/// ```swift
/// // roster checkin ENTRY… [--session S] [--status STATUS]
/// let session = try store.session(named: option, in: list.id, creating: true)
/// let done = try store.checkIn(ids, session: session.id, status: status ?? "present", in: list.id)
/// for (event, counts) in zip(done.stored, done.counts) { print(event.entry, counts.checkedIn) }
/// for refusal in done.refused { report(refusal.error) }        // exit 1
/// // roster undo, after a check-in: appends a clear that reverts it
/// _ = try store.undoAttendance(in: list.id)
/// ```
///
/// Undo: every action stored with `undoable` is a step on the **actor's attendance undo
/// stack** (the actor is who the store stamps as ``RosterKit/AttendanceEvent/by``: the database
/// role on PostgreSQL, the OS user name on SQLite and, in memory, the connection's origin),
/// separate from the list's edit history. ``undoAttendance(in:)`` pops the newest step and
/// appends events that revert it; nothing is deleted from the log. Each step remembers the
/// list's change-log position when it was stored, so ``attendanceUndoIsNewest(in:)`` tells
/// `roster undo` whether the actor's last check-in came after the list's last edit.
///
/// Entries deleted from the list keep their events; the counts leave them out (and take them
/// back when the deletion is undone), and new events for them are refused
/// (``RosterKit/AttendanceError/entryRemoved(_:)``).
public protocol AttendanceStorage: RosterStorage {
  /// Who and where this connection's events come from, as the store stamps them: build the
  /// producers' origin from it.
  /// - Complexity: O(1) after the first call.
  func attendanceOrigin() throws(StoreError) -> AttendanceOrigin

  /// The list's statuses, in order: ``RosterKit/AttendanceStatus/defaults`` until one is
  /// added. `roster statuses`.
  /// - Throws: ``StoreError/listNotFound(_:)``.
  /// - Complexity: O(t) in the number of statuses.
  func attendanceStatuses(in list: UUID) throws(StoreError) -> [AttendanceStatus]

  /// Adds a status to the list, last. `roster statuses add NAME [--counts-as …]`.
  /// - Returns: The status, its name normalized.
  /// - Throws: ``StoreError/attendance(_:)`` with
  ///   ``RosterKit/AttendanceError/invalidStatusName(_:)`` or
  ///   ``RosterKit/AttendanceError/statusExists(_:)``; ``StoreError/listNotFound(_:)``.
  /// - Complexity: O(t) in the number of statuses.
  @discardableResult
  func addAttendanceStatus(named name: String, countsAs: AttendanceStatus.Presence, in list: UUID)
    throws(StoreError) -> AttendanceStatus

  /// The list's sessions in the order they were made, each with its counts (over the live
  /// entries) and how many events it holds. `roster sessions`.
  /// - Complexity: O(s + c) in the number of sessions and of their non-zero status counts;
  ///   no event is read.
  func attendanceSessions(in list: UUID) throws(StoreError) -> [AttendanceSessionSummary]

  /// The session a person named, or with `nil` the default one (today's date in `calendar`'s
  /// time zone, ``RosterKit/AttendanceLedger/defaultSession(at:calendar:newID:)``). With
  /// `creating`, a session that does not exist yet is made (`roster checkin --session S`);
  /// without, it is refused (`roster attendance --session S`, `checkout`).
  /// - Throws: ``StoreError/attendance(_:)`` with
  ///   ``RosterKit/AttendanceError/sessionNotFound(_:)`` or
  ///   ``RosterKit/AttendanceError/invalidSessionName(_:)``; ``StoreError/listNotFound(_:)``.
  /// - Complexity: O(m + log s) in the name's length and the number of sessions.
  func session(
    named name: String?, in list: UUID, creating: Bool, at date: Date, calendar: Calendar
  ) throws(StoreError) -> AttendanceSession

  /// Renames a session; its events, which name it by id, stay. `roster sessions rename`.
  /// - Throws: ``StoreError/attendance(_:)`` with
  ///   ``RosterKit/AttendanceError/sessionNotFound(_:)``,
  ///   ``RosterKit/AttendanceError/sessionExists(_:)`` or
  ///   ``RosterKit/AttendanceError/invalidSessionName(_:)``.
  /// - Complexity: O(m + log s).
  @discardableResult
  func renameSession(named old: String, to new: String, in list: UUID) throws(StoreError)
    -> AttendanceSession

  /// Deletes a session: refused while it has events unless `force`. Its events stay in the
  /// log; a ledger replaying them skips them. `roster sessions delete NAME [--force]`.
  /// - Throws: ``StoreError/attendance(_:)`` with
  ///   ``RosterKit/AttendanceError/sessionHasEvents(_:count:)`` or
  ///   ``RosterKit/AttendanceError/sessionNotFound(_:)``.
  /// - Complexity: O(k + log s) for k marked entries of the session.
  func deleteSession(named name: String, force: Bool, in list: UUID) throws(StoreError)

  /// Appends events to the list's log in one transaction, in order, each checked against the
  /// state as stored at that moment: an event the rules refuse (a second check-in while the
  /// entry is inside, an unknown session or status, a deleted entry) is not stored and comes
  /// back in ``AttendanceRecord/refused``, and the others are stored. Each stored event is
  /// stamped with the list's next attendance sequence number (the store's receive order), the
  /// store's clock, and this connection's ``attendanceOrigin()`` (`by`, `device`); an event
  /// id stored before is skipped (a retry). The sessions' counts are updated as each event
  /// lands. A check-in made offline (``RosterKit/AttendanceEvent/madeOffline``) that comes
  /// while the entry is inside is not refused: it is appended, flagged, changes no state and
  /// comes back in ``AttendanceRecord/doubles``, not in ``AttendanceRecord/stored``.
  /// - Parameters:
  ///   - events: A producer's events, in order.
  ///   - list: The list.
  ///   - undoable: Whether the stored events are one step on the actor's undo stack.
  /// - Returns: The events stored, each with its session's counts after it, those refused and
  ///   the offline double check-ins kept.
  /// - Throws: ``StoreError/listNotFound(_:)`` or the engine's failure; then nothing is stored.
  /// - Complexity: O(k log n) for k events, whatever the size of the log.
  @discardableResult
  func record(_ events: [AttendanceEvent], in list: UUID, undoable: Bool) throws(StoreError)
    -> AttendanceRecord

  /// The list's whole attendance: its statuses, sessions and every event replayed in the
  /// store's order, entries deleted from the list left out of the counts.
  /// `roster attendance --register`.
  /// - Complexity: O(s + e) in the number of sessions and events.
  func attendanceLedger(for list: UUID) throws(StoreError) -> AttendanceLedger

  /// A ledger over one session's stored states, without the log: every entry marked in the
  /// session, or only `entries`. Its producers check actions (`roster checkin`, `--all`) and
  /// its states and counts are the store's; ``RosterKit/AttendanceLedger/eventCount(in:)`` is
  /// not loaded (zero).
  /// - Complexity: O(k log n) for k entries, or O(m) for every marked entry of the session.
  func attendanceLedger(for list: UUID, session: UUID, entries: [UUID]?) throws(StoreError)
    -> AttendanceLedger

  /// The list's events with a sequence number above `after`, in the order the store received
  /// them; only `session`'s when given. `roster attendance --log`.
  /// - Complexity: O(log e + k) for k events returned.
  func attendanceLog(in list: UUID, session: UUID?, after: Int64) throws(StoreError)
    -> [AttendanceEvent]

  /// Undoes the actor's newest attendance step in the list: appends events reverting it
  /// (a check-in is reverted by a clear), as one transaction; entries changed since by
  /// someone else are left as they are.
  /// - Returns: What was stored, or `nil` when the actor has nothing to undo.
  /// - Complexity: O(k log n) for a step of k events.
  func undoAttendance(in list: UUID) throws(StoreError) -> AttendanceRecord?

  /// Whether the actor's newest attendance step is newer than the list's last edit (by
  /// anyone): `roster undo` then undoes it (``undoAttendance(in:)``) rather than an edit.
  /// - Complexity: O(log s).
  func attendanceUndoIsNewest(in list: UUID) throws(StoreError) -> Bool
}

/// A session with its counts, as ``AttendanceStorage/attendanceSessions(in:)`` lists them.
public struct AttendanceSessionSummary: Hashable, Sendable {
  /// The session.
  public var session: AttendanceSession
  /// Its counts over the list's live entries.
  public var counts: AttendanceCounts
  /// How many events its log holds.
  public var events: Int

  /// A summary.
  /// - Complexity: O(1).
  public init(session: AttendanceSession, counts: AttendanceCounts, events: Int) {
    self.session = session
    self.counts = counts
    self.events = events
  }
}

/// An entry's action the store or the rules refused, and why.
public struct AttendanceRefusal: Hashable, Sendable {
  /// The entry.
  public var entry: UUID
  /// Why it was refused.
  public var error: AttendanceError
  /// The event the store refused; `nil` when the rules refused before one was made.
  public var event: AttendanceEvent?

  /// A refusal.
  /// - Complexity: O(1).
  public init(entry: UUID, error: AttendanceError, event: AttendanceEvent? = nil) {
    self.entry = entry
    self.error = error
    self.event = event
  }
}

/// What ``AttendanceStorage/record(_:in:undoable:)`` did.
public struct AttendanceRecord: Hashable, Sendable {
  /// The events stored, as stamped (sequence number, receive time, `by`, `device`), in order.
  public var stored: [AttendanceEvent] = []
  /// For each stored event, its session's counts right after it: `Checked in … (13 of 40)`.
  public var counts: [AttendanceCounts] = []
  /// The events refused, in order.
  public var refused: [AttendanceRefusal] = []
  /// The check-ins made offline that came second, in order: stored as stamped (sequence number,
  /// receive time) and kept in the log, flagged, without changing any state or count. Each is
  /// ``RosterKit/AttendanceError/checkedInTwice(mine:first:)`` against the check-in that holds
  /// the state, for the door that made it. They are never part of an undo step.
  public var doubles: [AttendanceRefusal] = []

  /// An empty record.
  /// - Complexity: O(1).
  public init() {}
}

// MARK: The command line's actions

extension AttendanceStorage {
  /// The default origin's clock and calendar: ``session(named:in:creating:at:calendar:)`` now,
  /// in the local time zone.
  /// - Complexity: O(m + log s).
  public func session(named name: String?, in list: UUID, creating: Bool) throws(StoreError)
    -> AttendanceSession
  {
    try session(named: name, in: list, creating: creating, at: Date(), calendar: .current)
  }

  /// `roster checkin ENTRY… [--status STATUS]`: checks each entry in, as one undoable action.
  /// Entries the rules refuse (already checked in, deleted) are in
  /// ``AttendanceRecord/refused``; the others are checked in.
  /// - Throws: ``StoreError/attendance(_:)`` for an unknown session or status (nothing stored).
  /// - Complexity: O(k log n) for k entries.
  public func checkIn(
    _ entries: [UUID], session: UUID, status: String = AttendanceStatus.present.name,
    in list: UUID
  ) throws(StoreError) -> AttendanceRecord {
    try act(on: entries, session: session, in: list) {
      ledger, entry, origin throws(AttendanceError) in
      [try ledger.checkingIn(entry, in: session, status: status, origin: origin)]
    }
  }

  /// `roster checkin --status STATUS ENTRY…` over an entry already marked: changes its status
  /// on purpose (logged), as one undoable action.
  /// - Complexity: O(k log n) for k entries.
  public func changeStatus(
    of entries: [UUID], to status: String, session: UUID, in list: UUID
  ) throws(StoreError) -> AttendanceRecord {
    try act(on: entries, session: session, in: list) {
      ledger, entry, origin throws(AttendanceError) in
      try ledger.changingStatus(of: entry, in: session, to: status, origin: origin)
    }
  }

  /// `roster checkout ENTRY…`: checks each entry out, as one undoable action; entries not
  /// checked in are refused.
  /// - Complexity: O(k log n) for k entries.
  public func checkOut(_ entries: [UUID], session: UUID, in list: UUID) throws(StoreError)
    -> AttendanceRecord
  {
    try act(on: entries, session: session, in: list) {
      ledger, entry, origin throws(AttendanceError) in
      [try ledger.checkingOut(entry, in: session, origin: origin)]
    }
  }

  /// `roster checkin --clear ENTRY…`: back to not marked (logged), as one undoable action.
  /// - Complexity: O(k log n) for k entries.
  public func clear(_ entries: [UUID], session: UUID, in list: UUID) throws(StoreError)
    -> AttendanceRecord
  {
    try act(on: entries, session: session, in: list) {
      ledger, entry, origin throws(AttendanceError) in
      try ledger.clearing(entry, in: session, origin: origin)
    }
  }

  /// `roster checkin --all [--status STATUS]`: every entry of the list not yet marked in the
  /// session gets the status, as one undoable action.
  /// - Complexity: O(n + m) in the list's entries and the session's marked ones, plus
  ///   O(k log n) for the k stored.
  public func checkInAll(
    session: UUID, status: String = AttendanceStatus.present.name, in list: UUID
  ) throws(StoreError) -> AttendanceRecord {
    let ledger = try attendanceLedger(for: list, session: session, entries: nil)
    let entries = try firstEntries(in: list, limit: Int.max).map(\.id)
    let origin = try attendanceOrigin()
    let events = try StoreError.attending { () throws(AttendanceError) in
      try ledger.checkingInAll(entries, in: session, status: status, origin: origin)
    }
    return try record(events, in: list, undoable: true)
  }

  /// Produces each entry's events over a ledger of the session's states for `entries`,
  /// applying each before the next, and records them as one undoable action; the producer's
  /// refusals join the store's.
  private func act(
    on entries: [UUID], session: UUID, in list: UUID,
    _ produce: (AttendanceLedger, UUID, AttendanceOrigin) throws(AttendanceError) ->
      [AttendanceEvent]
  ) throws(StoreError) -> AttendanceRecord {
    let origin = try attendanceOrigin()
    var ledger = try attendanceLedger(for: list, session: session, entries: entries)
    var events: [AttendanceEvent] = []
    var refused: [(Int, AttendanceRefusal)] = []
    for entry in entries {
      do throws(AttendanceError) {
        let made = try produce(ledger, entry, origin)
        ledger.apply(contentsOf: made)
        events += made
      } catch {
        switch error {
        case .sessionNotFound, .statusNotFound, .invalidStatusName: throw .attendance(error)
        default:
          refused.append((events.count, AttendanceRefusal(entry: entry, error: error)))
        }
      }
    }
    var result = try record(events, in: list, undoable: true)
    result.refused = refused.map(\.1) + result.refused
    return result
  }
}

extension StoreError {
  /// Runs `body`, an attendance rule, reporting its refusal as ``attendance(_:)``.
  /// - Complexity: `body`'s.
  public static func attending<Value>(_ body: () throws(AttendanceError) -> Value)
    throws(StoreError) -> Value
  {
    do throws(AttendanceError) {
      return try body()
    } catch {
      throw .attendance(error)
    }
  }
}
