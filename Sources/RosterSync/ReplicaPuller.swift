public import Foundation
public import RosterBackend
import RosterKit

/// Brings a replica in step with its server: lists the user can no longer see leave it, new
/// lists are fetched whole, and the others catch up from their cursors through the server's
/// change log (fetched whole again when the log no longer reaches back to the cursor).
///
/// Every step is one replica transaction that writes a cursor with the rows it covers, so a
/// process killed at any moment leaves the replica at an older cursor with matching rows, and
/// several processes pulling into one replica apply each logged action once.
public struct ReplicaPuller {
  /// The server.
  public let server: any RosterStorage
  /// The replica.
  public let replica: any ReplicaStorage
  /// The clock for ``ReplicaStorage/markSynced(at:)``.
  public var now: () -> Date = { Date() }

  /// A puller of `server` into `replica`.
  public init(server: any RosterStorage, replica: any ReplicaStorage) {
    self.server = server
    self.replica = replica
  }

  /// What a pull did.
  public struct Report: Equatable, Sendable {
    /// How many lists the user can see on the server.
    public var lists = 0
    /// The lists whose rows changed (applied, fetched or dropped).
    public var changed: Set<UUID> = []
    /// The lists that left the replica.
    public var dropped: Set<UUID> = []
  }

  /// Pulls every list. O(l) queries for l lists, plus the changes and the lists fetched whole.
  /// - Parameter progress: Called with each list fetched whole, before it is fetched, and its
  ///   entry count.
  /// - Returns: What changed.
  /// - Throws: What the server or the replica throws; the replica keeps what was pulled.
  @discardableResult
  public func pull(progress: (ListSummary) -> Void = { _ in }) throws(StoreError) -> Report {
    let remote = try server.lists()
    var report = Report(lists: remote.count)
    let cursors = try replica.cursors()
    // Where the server's logs stand, when it says in one query: lists already there are
    // skipped (a notification about check-ins, or about one list of many).
    let positions = try server.listPositions() ?? [:]
    let attendanceMarks = try server.attendanceMarks()
    let heldMarks = try replica.attendanceMarks()
    let visible = Set(remote.map(\.id))
    for gone in cursors.keys where !visible.contains(gone) {
      try replica.drop(gone)
      report.changed.insert(gone)
      report.dropped.insert(gone)
    }
    for summary in remote {
      let cursor = cursors[summary.id]
      if cursor == nil || positions[summary.id] != cursor,
        try pull(summary, cursor: cursor, progress: progress)
      {
        report.changed.insert(summary.id)
      }
      // Check-ins, sessions and statuses: skipped when the server's mark is the one the
      // replica mirrored (a list fetched whole just now has none).
      let mark = attendanceMarks?[summary.id]
      if let mark, heldMarks[summary.id] == mark, !report.changed.contains(summary.id) {
        continue
      }
      if try pullAttendance(of: summary.id, mark: mark) { report.changed.insert(summary.id) }
    }
    try replica.markSynced(at: now())
    return report
  }

  /// Pulls one list the server shows; `true` when the replica's rows changed.
  @discardableResult
  public func pull(
    _ summary: ListSummary, cursor: Int64?, progress: (ListSummary) -> Void = { _ in }
  ) throws(StoreError) -> Bool {
    do {
      if let cursor {
        return try replica.apply(
          try server.loggedChanges(in: summary.id, since: cursor), to: summary.id)
      }
    } catch .reloadRequired {
      // The log no longer reaches back to the cursor (pruned, or a bulk import): fetch it whole.
    } catch .listNotFound {
      try replica.drop(summary.id)
      return true
    }
    progress(summary)
    do {
      let (list, position) = try server.snapshot(of: summary.id)
      try replica.adopt(list, position: position)
    } catch .listNotFound {
      try replica.drop(summary.id)
    }
    return true
  }

  /// Pulls the list with this id, alone: after the window created, renamed or deleted it, or
  /// made a session.
  public func pull(list id: UUID) throws(StoreError) {
    guard let summary = try server.lists().first(where: { $0.id == id }) else {
      try replica.drop(id)
      return
    }
    try pull(summary, cursor: try replica.cursors()[id])
    try pullAttendance(of: id)
  }

  /// Mirrors the list's statuses, sessions and the check-in events past the replica's
  /// attendance cursor. Nothing for a server that keeps no attendance, or a list the replica
  /// does not hold (dropped meanwhile).
  /// - Parameters:
  ///   - list: The list.
  ///   - mark: The server's mark for the list, read before (`nil`: mirrored again at the next
  ///     pull).
  /// - Returns: Whether the replica's attendance changed.
  /// - Throws: What the server or the replica throws.
  /// - Complexity: Three queries, and O(k log n) for k events.
  @discardableResult
  public func pullAttendance(of list: UUID, mark: Int64? = nil) throws(StoreError) -> Bool {
    guard let attendance = server as? any AttendanceStorage,
      let cursor = try replica.attendanceCursors()[list]
    else { return false }
    do {
      return try replica.mirror(
        AttendanceCopy(of: list, from: attendance, after: cursor, mark: mark), of: list)
    } catch .listNotFound {
      return false
    }
  }
}
