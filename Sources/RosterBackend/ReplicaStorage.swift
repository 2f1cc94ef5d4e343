public import Foundation
public import RosterKit

/// A machine's copy of the lists a user may see on a shared server, kept so that the app and
/// `roster --offline-ok` work while the server cannot be reached (`SQLiteReplica` in
/// RosterStore keeps one in a SQLite file).
///
/// The replica holds the server's state only, as of a cursor per list: the server's change-log
/// position its rows reflect. Actions made here wait in the replica's outbox until the server
/// applied them, and come back through the change log like anyone else's, so every replica
/// converges on the server's commit order. Each method is one transaction: a cursor is written
/// with the rows it covers, never ahead of them.
public protocol ReplicaStorage: AnyObject {
  /// The lists as the replica has them, for reading (entries, categories, its own change log).
  var lists: any RosterStorage { get }
  /// The actions made on this machine that wait to be sent, shared by every process of the
  /// user.
  var outbox: any OperationOutbox { get }
  /// Each list's cursor: the server's change-log position the replica's rows reflect. O(l).
  func cursors() throws(StoreError) -> [UUID: Int64]
  /// Replaces the list (or adds it) with `list` as the server has it at `position`: its
  /// title, rule, order, categories and entries, ids kept. O(n).
  func adopt(_ list: RosterList, position: Int64) throws(StoreError)
  /// Applies the server's logged actions on a list, in order, past the list's cursor (those at
  /// or before it were applied already, by this process or another), and moves the cursor to
  /// the last one's position, all in one transaction.
  /// - Returns: Whether anything was applied.
  /// - Throws: ``StoreError/listNotFound(_:)`` when the replica does not hold the list.
  /// - Complexity: O(k log n) for k edits.
  @discardableResult
  func apply(_ changes: [LoggedChange], to list: UUID) throws(StoreError) -> Bool
  /// Removes a list the user can no longer see (deleted, or access revoked), with its rows.
  func drop(_ list: UUID) throws(StoreError)
  /// Where the replica's change log and outbox stand: the newest change-log position of any
  /// list, and the newest place handed out in the outbox. A reader that sees them move knows
  /// another connection changed lists or queued an action. O(1).
  func signature() throws(StoreError) -> (log: Int64, outbox: Int64)
  /// When the replica was last in step with the server, or `nil` before its first sync.
  func lastSync() throws(StoreError) -> Date?
  /// Notes that the replica is in step with the server as of `date`.
  func markSynced(at date: Date) throws(StoreError)
  /// Keeps a change the server refused, for `roster sync --status` and the app.
  func keepRejected(_ change: RejectedChange) throws(StoreError)
  /// The changes the server refused, oldest first.
  func rejected() throws(StoreError) -> [RejectedChange]

  // MARK: Attendance

  /// The check-ins made on this machine that wait to be sent, shared by every process of the
  /// user.
  var attendanceQueue: any AttendanceQueue { get }
  /// Each list's attendance cursor: the server's attendance sequence number the replica's
  /// events reflect (0 before any). O(l).
  func attendanceCursors() throws(StoreError) -> [UUID: Int64]
  /// The server's attendance mark each list's attendance was last mirrored at
  /// (``AttendanceCopy/mark``); a list without one is mirrored at the next pull. O(l).
  func attendanceMarks() throws(StoreError) -> [UUID: Int64]
  /// Makes the list's statuses and sessions the server's, and appends the server's events past
  /// the list's attendance cursor as the server stamped them (a double check-in the server kept
  /// changes no state here either), with the states and counts they lead to, and moves the
  /// cursor to the last one and the list's mark to the copy's, all in one transaction.
  /// - Returns: Whether anything changed.
  /// - Throws: ``StoreError/listNotFound(_:)`` when the replica does not hold the list.
  /// - Complexity: O(t + s + k log n) for t statuses, s sessions and k events.
  @discardableResult
  func mirror(_ attendance: AttendanceCopy, of list: UUID) throws(StoreError) -> Bool
}

extension ReplicaStorage {
  /// How many actions wait to be sent: list actions and check-ins. O(w).
  public func waitingCount() throws(StoreError) -> Int {
    try outbox.count() + attendanceQueue.attendanceCount()
  }
}

/// A change made on this machine that the server refused for good: the list it was for, the
/// entry as the person knew it, and why, in a sentence.
public struct RejectedChange: Equatable, Sendable {
  /// The operation id the change was sent under.
  public var operation: UUID
  /// The list it was for.
  public var list: UUID
  /// The list's title as the replica last knew it, when it did.
  public var listTitle: String?
  /// The entry it changed, as the person knew it, or `nil` for a change of the list itself.
  public var entryText: String?
  /// Why the server refused it: one sentence for a person.
  public var reason: String
  /// When the refusal came back.
  public var at: Date

  /// A refused change.
  public init(
    operation: UUID, list: UUID, listTitle: String?, entryText: String?, reason: String, at: Date
  ) {
    self.operation = operation
    self.list = list
    self.listTitle = listTitle
    self.entryText = entryText
    self.reason = reason
    self.at = at
  }
}
