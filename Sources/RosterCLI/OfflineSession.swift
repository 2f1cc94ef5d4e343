import Foundation
import RosterBackend
import RosterEngines
import RosterSync

/// One command run with `--offline-ok` on a PostgreSQL database: it syncs the replica for at
/// most ``budget`` (sending what waits, then pulling), gives the command the replica's lists
/// with the waiting actions on top (``copy``), and afterwards puts the command's actions in
/// the replica's outbox and sends them when the server answered.
final class OfflineSession {
  /// How long the sync before the command may take when the server does not answer.
  static let budget: TimeInterval = 2

  /// The replica.
  let shared: SharedReplica
  /// The command's copy of the replica.
  let copy: OfflineCopy
  /// The server, while it answers.
  private var server: (any RosterStorage)?
  /// Actions the server refused, to report.
  private(set) var notApplied: [NotAppliedOperation] = []
  /// Check-ins the server refused or kept as double check-ins, to report.
  private(set) var attendance: [RefusedAttendance] = []

  /// Syncs for at most ``budget``, then copies the replica for the command.
  /// - Throws: ``RosterBackend/StoreError`` when the replica cannot be read or copied; an
  ///   unreachable server is no error.
  init(shared: SharedReplica) throws(StoreError) {
    self.shared = shared
    let deadline = Date(timeIntervalSinceNow: Self.budget)
    let sync = ReplicaSync(replica: shared.replica)
    if let connection = try? shared.connect(quickly: true) {
      do throws(StoreError) {
        let report = try sync.sendWaiting(to: connection.server, until: deadline)
        notApplied += report.notApplied
        attendance += report.attendance
        server = connection.server
        if Date() < deadline {
          try ReplicaPuller(server: connection.server, replica: shared.replica).pull()
        }
      } catch {
        server = nil
      }
    }
    copy = try shared.offlineCopy()
    copy.madeOffline = server == nil
  }

  /// Whether the replica was ever in step with the server (else it holds no list).
  var everSynced: Bool { ((try? shared.replica.lastSync()) ?? nil) != nil }

  /// Puts the command's actions in the outbox, in order, and sends what waits when the server
  /// answered before the command.
  /// - Returns: How many actions the command made, and how many still wait (its own and
  ///   earlier ones).
  /// - Throws: ``RosterBackend/StoreError`` when the outbox cannot be written.
  func finish() throws(StoreError) -> (made: Int, waiting: Int) {
    let made = try copy.pendingOperations()
    for operation in made {
      try shared.replica.outbox.append(operation)
    }
    let checkIns = try copy.pendingAttendance()
    for action in checkIns {
      try shared.replica.attendanceQueue.appendAttendance(action)
    }
    if let server {
      let sync = ReplicaSync(replica: shared.replica)
      do throws(StoreError) {
        let report = try sync.sendWaiting(
          to: server, until: Date(timeIntervalSinceNow: Self.budget))
        notApplied += report.notApplied
        attendance += report.attendance
        try ReplicaPuller(server: server, replica: shared.replica).pull()
      } catch {
        // Offline after all: the actions wait in the outbox.
      }
    }
    return (made.count + checkIns.count, try shared.replica.waitingCount())
  }

  /// Whether the server answered before the command.
  var reachedServer: Bool { server != nil }
}
