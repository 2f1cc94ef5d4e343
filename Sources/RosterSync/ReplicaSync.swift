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
    /// How many actions still wait in the outbox.
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
    report.waiting = try replica.outbox.count()
    return report
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
    report.waiting = try replica.outbox.count()
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
