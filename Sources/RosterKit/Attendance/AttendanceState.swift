public import Foundation

/// An entry's attendance in one session, as its events leave it; no state means not marked.
public struct AttendanceState: Hashable, Sendable, Codable {
  /// The entry's status's name.
  public var status: String
  /// Whether the status counts as checked in (``AttendanceStatus/Presence/present``).
  public var isCheckedIn: Bool
  /// The first check-in, kept until the entry is cleared, even while its status counts as
  /// absent; `nil` when it was never checked in since.
  public var checkIn: AttendanceCheckIn?
  /// The event that gave the entry its status: who marked it, when and where.
  public var marked: AttendanceCheckIn
  /// When the entry was checked out (left), if it was and did not come back in.
  public var leftAt: Date?
  /// The id of the event that last changed this state.
  public var lastEvent: UUID

  /// A state.
  /// - Complexity: O(1).
  public init(
    status: String, isCheckedIn: Bool, checkIn: AttendanceCheckIn?, marked: AttendanceCheckIn,
    leftAt: Date?, lastEvent: UUID
  ) {
    self.status = status
    self.isCheckedIn = isCheckedIn
    self.checkIn = checkIn
    self.marked = marked
    self.leftAt = leftAt
    self.lastEvent = lastEvent
  }

  /// Checked in and not checked out.
  public var isInside: Bool { isCheckedIn && leftAt == nil }
}
