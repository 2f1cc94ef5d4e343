import Foundation
public import RosterBackend
import RosterKit
import RosterStore

/// A command's database for `roster --offline-ok`: a throwaway copy of the replica with the
/// actions and check-ins still waiting applied on top (the lists as the server will have them
/// once they are sent), on which a command runs as on a local database (``store``). What the
/// command changed is read back from the copy's logs, each list action under a new operation
/// id (``pendingOperations()``) and each check-in action by its session's name
/// (``pendingAttendance()``), for the replica's queues; the replica's rows stay the server's.
///
/// The command line lets only the commands that work offline reach the copy (`add`, `edit`,
/// `rm`, `mv`, `show`, `lists`, `checkin`, `checkout`, `attendance`, and listing `sessions` and
/// `statuses`); creating lists, imports, undo and changing sessions or statuses go to the
/// server.
public final class OfflineCopy {
  private let scratch: SQLiteStore
  private let path: String
  /// The copy's change-log position after the waiting actions: the command logs past it.
  private let baseline: Int64
  /// Each list's attendance sequence number after the waiting check-ins.
  private let attendanceBaseline: [UUID: Int64]
  /// Whether the command's check-ins are made offline (the server did not answer before it).
  public var madeOffline = true

  /// Copies `replica` to a new file beside it and applies its waiting actions to the copy.
  /// - Parameter replica: The replica.
  /// - Throws: ``RosterBackend/StoreError`` when the copy cannot be made or read.
  init(copying replica: SQLiteReplica) throws(StoreError) {
    Self.removeAbandonedCopies(of: replica.store.path)
    path = replica.store.path + ".offline-\(getpid())-\(UUIDText.string(UUID())).sqlite3"
    do {
      scratch = try replica.scratchCopy(at: path)
      var positions: [UUID: Int64] = [:]
      for summary in try scratch.lists() {
        for operation in try replica.queue.waiting(in: summary.id) {
          // An action that no longer applies here is the server's to refuse when sent.
          _ = try? scratch.record(operation.change, in: summary.id, operation: operation.id)
        }
        for action in try replica.queue.waitingAttendance(in: summary.id) {
          _ = try? Self.apply(action, to: scratch)
        }
        positions[summary.id] =
          try scratch.attendanceLog(in: summary.id, session: nil, after: 0)
          .last?.sequence ?? 0
      }
      baseline = try scratch.lastLogPosition()
      attendanceBaseline = positions
    } catch {
      Self.remove(path)
      throw error
    }
  }

  deinit { Self.remove(path) }

  /// The copy, for the command.
  public var store: any CommandStorage & AttendanceStorage { scratch }

  /// Applies a check-in action waiting in the replica's queue to the copy, in the session of
  /// its name (made there when missing).
  private static func apply(_ action: WaitingAttendance, to scratch: SQLiteStore)
    throws(StoreError) -> AttendanceRecord
  {
    let session = try scratch.session(named: action.sessionName, in: action.list, creating: true)
    return try scratch.record(
      action.events.map { $0.moved(to: session.id) }, in: action.list, undoable: false)
  }

  /// Removes the copies that commands killed before their end left beside the replica (named
  /// with the process id of a process that no longer runs): they take room, and could keep
  /// rows of a list the user has since lost access to. O(f) for f files in the folder.
  static func removeAbandonedCopies(of replica: String) {
    let folder = (replica as NSString).deletingLastPathComponent
    let prefix = (replica as NSString).lastPathComponent + ".offline-"
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    for name in names where name.hasPrefix(prefix) && name.hasSuffix(".sqlite3") {
      guard let pid = Int32(name.dropFirst(prefix.count).prefix { $0 != "-" }),
        kill(pid, 0) != 0, errno == ESRCH
      else { continue }
      remove(folder + "/" + name)
    }
  }

  private static func remove(_ path: String) {
    for suffix in ["", "-wal", "-shm", "-journal"] {
      try? FileManager.default.removeItem(atPath: path + suffix)
    }
  }

  /// The list actions the command made, in order, each under a new operation id made here.
  /// O(k) for k logged actions.
  /// - Throws: ``RosterBackend/StoreError/reloadRequired`` for an action too large to keep in
  ///   the log (send it online).
  public func pendingOperations() throws(StoreError) -> [PendingOperation] {
    var result: [PendingOperation] = []
    for summary in try scratch.lists() {
      for logged in try scratch.loggedChanges(in: summary.id, since: baseline)
      where !logged.edits.isEmpty {
        result.append(
          PendingOperation(
            id: UUID(), list: summary.id,
            change: ListChange(origin: .action, edits: logged.edits)))
      }
    }
    return result
  }

  /// The check-in actions the command made, in order: its events in the copy's log, by list
  /// and by run of one session, flagged as made offline when the server did not answer.
  /// O(k + s) for k events and s sessions.
  /// - Throws: ``RosterBackend/StoreError`` when the copy cannot be read.
  public func pendingAttendance() throws(StoreError) -> [WaitingAttendance] {
    var result: [WaitingAttendance] = []
    for summary in try scratch.lists() {
      let events = try scratch.attendanceLog(
        in: summary.id, session: nil, after: attendanceBaseline[summary.id] ?? 0)
      guard !events.isEmpty else { continue }
      let names = Dictionary(
        try scratch.attendanceSessions(in: summary.id).map { ($0.session.id, $0.session.name) },
        uniquingKeysWith: { first, _ in first })
      for event in events {
        let made = AttendanceEvent(
          id: event.id, kind: event.kind, session: event.session, entry: event.entry,
          status: event.status, at: event.at, by: event.by, device: event.device,
          reverts: event.reverts, madeOffline: madeOffline)
        if let last = result.last, last.list == summary.id,
          last.events.last?.session == event.session
        {
          result[result.count - 1].events.append(made)
        } else {
          result.append(
            WaitingAttendance(
              list: summary.id, sessionName: names[event.session] ?? "", events: [made]))
        }
      }
    }
    return result
  }
}
