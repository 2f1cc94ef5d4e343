public import Foundation
public import RosterKit

/// A store as a window checks people in through it: reads answer on the window's own
/// connection, and each action's events are stored in order after every action made before,
/// by a store that writes behind the window (``DeferredWriting``) or at once.
///
/// The window applies an action to its own ``RosterKit/AttendanceLedger`` as it is made, so the
/// row and the count change in the frame of the click; an action the store then refuses (another
/// door checked the guest in first, a full disk) comes back from ``takeRefusedAttendance()``,
/// and the window puts the stored state back and says why.
public protocol AttendanceDesk: AnyObject {
  /// The store's attendance on the window's connection, for reading and for the rare writes a
  /// window waits for (making a session); `nil` when the store keeps no attendance.
  var attendanceStore: (any AttendanceStorage)? { get }

  /// Stores an action's events, as one undoable step, after every action handed over before.
  /// - Returns: What the store did, when it wrote at once; `nil` when it writes later (a
  ///   refusal then comes from ``takeRefusedAttendance()``).
  /// - Throws: ``StoreError`` when a store that writes at once failed: nothing was stored.
  /// - Complexity: O(1) and no I/O for a store that writes later; else the store's
  ///   ``AttendanceStorage/record(_:in:undoable:)``.
  func submitAttendance(_ events: [AttendanceEvent], in list: UUID) throws(StoreError)
    -> AttendanceRecord?

  /// The attendance actions refused since the last call, in the order they were made.
  /// - Complexity: O(r) in the number of refusals.
  func takeRefusedAttendance() -> [RefusedAttendance]
}

/// An attendance action a store that writes behind the window refused, wholly or in part.
public struct RefusedAttendance: Sendable {
  /// The list.
  public let list: UUID
  /// The events the store did not store, in order.
  public let events: [AttendanceEvent]
  /// The rules' refusals, by entry (another door's check-in came first).
  public let refusals: [AttendanceRefusal]
  /// The store's failure, when it stored none of the events (a full disk); `nil` otherwise.
  public let failure: StoreError?

  /// A refusal.
  /// - Complexity: O(1).
  public init(
    list: UUID, events: [AttendanceEvent], refusals: [AttendanceRefusal], failure: StoreError?
  ) {
    self.list = list
    self.events = events
    self.refusals = refusals
    self.failure = failure
  }
}

/// A store that writes at once as an ``AttendanceDesk``: a `SQLiteStore` in tests, a
/// ``MemoryStorage``, a PostgreSQL connection.
public final class ImmediateAttendanceDesk: AttendanceDesk {
  /// The store.
  public let store: any AttendanceStorage

  /// A desk over `store`.
  /// - Complexity: O(1).
  public init(_ store: any AttendanceStorage) { self.store = store }

  /// The store.
  public var attendanceStore: (any AttendanceStorage)? { store }

  /// Records the events at once, as one undoable step.
  /// - Complexity: The store's ``AttendanceStorage/record(_:in:undoable:)``.
  public func submitAttendance(_ events: [AttendanceEvent], in list: UUID) throws(StoreError)
    -> AttendanceRecord?
  {
    try store.record(events, in: list, undoable: true)
  }

  /// Nothing: every refusal came back from ``submitAttendance(_:in:)``.
  /// - Complexity: O(1).
  public func takeRefusedAttendance() -> [RefusedAttendance] { [] }
}
