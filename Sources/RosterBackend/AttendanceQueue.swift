public import Foundation
public import RosterKit

/// The check-ins a machine made while its server could not be reached, waiting to be sent, in
/// order, shared by every process of the user (a replica keeps them beside its outbox).
///
/// Each action names its session by name, not by id: a session made offline (today's, on the
/// first check-in of the day) is made on the server, or found there when another door made it
/// meanwhile, when the action is sent. The events keep their client-made ids, so an action sent
/// twice is stored once.
public protocol AttendanceQueue: AnyObject {
  /// Adds an action at the end. O(1).
  func appendAttendance(_ action: WaitingAttendance) throws(StoreError)
  /// The waiting actions, oldest first; one list's when given. O(w).
  func waitingAttendance(in list: UUID?) throws(StoreError) -> [WaitingAttendance]
  /// Removes the action with this id (the first event's). O(1).
  func removeAttendance(_ id: UUID) throws(StoreError)
  /// How many actions wait. O(w).
  func attendanceCount() throws(StoreError) -> Int
}

/// One attendance action waiting to be sent: its list, its session's name and the id the
/// device gave the session, and its events.
public struct WaitingAttendance: Equatable, Sendable {
  /// The action's id: its first event's.
  public let id: UUID
  /// The list.
  public var list: UUID
  /// The session's name.
  public var sessionName: String
  /// The events, made on this device (``RosterKit/AttendanceEvent/madeOffline`` when it could
  /// not reach the server), naming the session by the device's id for it.
  public var events: [AttendanceEvent]

  /// An action; `events` must not be empty.
  /// - Complexity: O(1).
  public init(list: UUID, sessionName: String, events: [AttendanceEvent]) {
    self.id = events.first?.id ?? UUID()
    self.list = list
    self.sessionName = sessionName
    self.events = events
  }

}
