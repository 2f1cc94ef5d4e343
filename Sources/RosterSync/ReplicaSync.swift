public import Foundation
public import RosterBackend
import RosterKit
import RosterLocalization

/// One round of sync between a replica and its server, for any front end: the replica's
/// waiting actions are sent in order, each under its operation id (so the server applies it
/// once, whoever sends it and however often), then the server's changes are pulled
/// (``ReplicaPuller``). `roster sync` and `roster --offline-ok` run it; the app's sending thread
/// does the same in its own loop.
///
/// An action leaves the outbox only once the server recorded it or refused it for good; a
/// refusal is kept in the replica (``RosterBackend/ReplicaStorage/keepRejected(_:)``) and
/// returned, never dropped silently. A lost connection leaves the rest waiting, in order.
public struct ReplicaSync {
  /// The replica.
  public let replica: any ReplicaStorage
  /// The clock for refusals and ``RosterBackend/ReplicaStorage/markSynced(at:)``.
  public var now: () -> Date = { Date() }

  /// A sync of `replica`.
  public init(replica: any ReplicaStorage) {
    self.replica = replica
  }

  /// What a round did.
  public struct Report {
    /// How many lists the user can see on the server (after a pull; 0 before).
    public var lists = 0
    /// How many actions the server recorded.
    public var sent = 0
    /// The actions the server refused, in the order they were sent.
    public var notApplied: [NotAppliedOperation] = []
    /// The check-ins the server refused (another door's came first, the entry was deleted) or
    /// kept as double check-ins (``RosterKit/AttendanceError/checkedInTwice(mine:first:)``):
    /// what the door that made them is told.
    public var attendance: [RefusedAttendance] = []
    /// How many actions still wait in the outbox, check-ins included.
    public var waiting = 0
  }

  /// Sends the outbox's actions, oldest first, until it is empty or `deadline` has passed.
  /// - Parameters:
  ///   - server: A connection to the server.
  ///   - deadline: When to stop sending (an action under way is finished); `nil`: never.
  /// - Returns: What was sent and refused, and how many actions still wait.
  /// - Throws: ``RosterBackend/StoreError/database(_:)`` or
  ///   ``RosterBackend/StoreError/busy`` when the connection was lost: what was not sent keeps
  ///   waiting.
  @discardableResult
  public func sendWaiting(to server: any RosterStorage, until deadline: Date? = nil)
    throws(StoreError) -> Report
  {
    var report = Report()
    while let next = try replica.outbox.first() {
      if let deadline, now() >= deadline { break }
      if let refusal = try send(next, to: server) {
        try replica.keepRejected(
          RejectedChange(
            operation: next.id, list: next.list, listTitle: nil, entryText: refusal.entryText,
            reason: refusal.reason.sentence, at: now()))
        report.notApplied.append(refusal)
      } else {
        report.sent += 1
      }
      try replica.outbox.remove(next.id)
    }
    // Check-ins after list actions: an entry added offline exists on the server before its
    // check-in arrives.
    for action in try replica.attendanceQueue.waitingAttendance(in: nil) {
      if let deadline, now() >= deadline { break }
      if let refused = try send(action, to: server) {
        report.attendance.append(refused)
      } else {
        report.sent += 1
      }
      try replica.attendanceQueue.removeAttendance(action.id)
    }
    report.waiting = try replica.waitingCount()
    return report
  }

  /// Records one waiting check-in action on the server, in the session of its name (made
  /// there when missing): `nil` when every event was stored, else what was refused or kept as
  /// a double check-in. A refusal is kept in the replica for `roster sync --status`.
  private func send(_ action: WaitingAttendance, to server: any RosterStorage)
    throws(StoreError) -> RefusedAttendance?
  {
    guard let attendance = server as? any AttendanceStorage else {
      throw .database("The server keeps no attendance.")
    }
    do {
      let session = try attendance.session(
        named: action.sessionName, in: action.list, creating: true)
      let record = try attendance.record(
        action.events.map { $0.moved(to: session.id) }, in: action.list, undoable: true)
      let naming = entryNames(in: action.list)
      for refusal in record.refused {
        try keepRejected(
          action, reason: AttendanceErrorWording.sentence(for: refusal.error, naming: naming),
          entry: refusal.entry)
      }
      let answers = record.refused + record.doubles
      guard !answers.isEmpty else { return nil }
      let ids = Set(answers.compactMap { $0.event?.id })
      return RefusedAttendance(
        list: action.list, events: action.events.filter { ids.contains($0.id) },
        refusals: answers, failure: nil)
    } catch .database(let message) {
      throw .database(message)
    } catch .busy {
      throw .busy
    } catch {
      try keepRejected(
        action, reason: StoreErrorWording.sentence(for: error), entry: action.events[0].entry)
      return RefusedAttendance(
        list: action.list, events: action.events, refusals: [], failure: error)
    }
  }

  /// Keeps a refused check-in in the replica, naming its entry as the replica knows it.
  private func keepRejected(_ action: WaitingAttendance, reason: String, entry: UUID)
    throws(StoreError)
  {
    try replica.keepRejected(
      RejectedChange(
        operation: action.id, list: action.list, listTitle: nil,
        entryText: (try? replica.lists.loadList(action.list))?.entry(id: entry)?.text,
        reason: reason, at: now()))
  }

  /// Names entries of the list by their text in quotes, as the replica knows them, else by
  /// their short id. O(n) once.
  private func entryNames(in list: UUID) -> (UUID) -> String {
    let held = try? replica.lists.loadList(list)
    return { id in
      "“\(held?.entry(id: id)?.text ?? String(id.uuidString.lowercased().prefix(8)))”"
    }
  }

  /// What to tell the person about check-ins the server refused or kept as double check-ins,
  /// one sentence each, in the reader's language, entries named by their text. O(n).
  public func sentences(for action: RefusedAttendance) -> [String] {
    if let failure = action.failure { return [StoreErrorWording.sentence(for: failure)] }
    let naming = entryNames(in: action.list)
    return action.refusals.map { AttendanceErrorWording.sentence(for: $0.error, naming: naming) }
  }

  /// Sends what waits, then pulls the server's changes into the replica and notes the time.
  /// - Parameters:
  ///   - server: A connection to the server.
  ///   - progress: Hears of each list fetched whole, before it is fetched.
  /// - Returns: What was sent and refused, the server's list count and what still waits.
  /// - Throws: What the server or the replica throws; what was sent and pulled stays.
  @discardableResult
  public func sync(with server: any RosterStorage, progress: (ListSummary) -> Void = { _ in })
    throws(StoreError) -> Report
  {
    var report = try sendWaiting(to: server)
    var puller = ReplicaPuller(server: server, replica: replica)
    puller.now = now
    report.lists = try puller.pull(progress: progress).lists
    report.waiting = try replica.waitingCount()
    return report
  }

  /// Records one action on the server under its operation id: `nil` when it applied in full,
  /// else why (part of) it no longer applied.
  private func send(_ operation: PendingOperation, to server: any RosterStorage)
    throws(StoreError) -> NotAppliedOperation?
  {
    do {
      let skipped = try server.record(
        operation.change, in: operation.list, operation: operation.id)
      guard let first = skipped.first else { return nil }
      let named = PendingOperation(
        id: operation.id, list: operation.list,
        change: ListChange(origin: operation.change.origin, edits: [first]))
      return NotAppliedOperation(
        operation: operation, reason: .entryDeleted, entryText: named.entryText)
    } catch .listNotFound {
      return NotAppliedOperation(operation: operation, reason: .listDeleted)
    } catch .database(let message) {
      throw .database(message)
    } catch .busy {
      throw .busy
    } catch {
      return NotAppliedOperation(
        operation: operation, reason: .refused(StoreErrorWording.sentence(for: error)))
    }
  }
}
