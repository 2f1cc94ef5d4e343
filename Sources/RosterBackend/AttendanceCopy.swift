public import Foundation
public import RosterKit

/// A list's attendance as the server has it, for a replica to mirror
/// (``ReplicaStorage/mirror(_:of:)``): its statuses, its sessions, and its events past the
/// replica's attendance cursor, each as the server stamped it.
public struct AttendanceCopy: Sendable {
  /// The list's statuses, in order.
  public var statuses: [AttendanceStatus]
  /// The list's sessions, in the order they were made.
  public var sessions: [AttendanceSession]
  /// The events past the cursor, in the server's order, with their sequence numbers.
  public var events: [AttendanceEvent]
  /// The server's attendance mark for the list (``RosterStorage/attendanceMarks()``), read
  /// before the rest, when known: a replica holding it skips the list at the next pull.
  public var mark: Int64?

  /// A copy.
  /// - Complexity: O(1).
  public init(
    statuses: [AttendanceStatus], sessions: [AttendanceSession], events: [AttendanceEvent],
    mark: Int64? = nil
  ) {
    self.statuses = statuses
    self.sessions = sessions
    self.events = events
    self.mark = mark
  }

  /// Reads the list's attendance from `server` past sequence number `cursor`.
  /// - Parameters:
  ///   - list: The list.
  ///   - server: The server.
  ///   - cursor: The replica's attendance cursor: events after it are read.
  ///   - mark: The list's mark, read before this.
  /// - Throws: What the server throws (``StoreError/listNotFound(_:)`` for a list gone).
  /// - Complexity: Three queries: O(t + s + k) for t statuses, s sessions and k events.
  public init(
    of list: UUID, from server: any AttendanceStorage, after cursor: Int64, mark: Int64?
  ) throws(StoreError) {
    self.init(
      statuses: try server.attendanceStatuses(in: list),
      sessions: try server.attendanceSessions(in: list).map(\.session),
      events: try server.attendanceLog(in: list, session: nil, after: cursor), mark: mark)
  }
}
