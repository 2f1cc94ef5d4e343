public import Foundation

/// Where a person's actions come from: who, which device, and the clock and ids their events
/// get. Producers on ``AttendanceLedger`` stamp every event with it.
///
/// ```swift
/// let origin = AttendanceOrigin(by: "anna", device: "door-1")
/// let event = try ledger.checkingIn(zoe, in: evening.id, origin: origin)
/// ```
public struct AttendanceOrigin: Sendable {
  /// Who acts: a database role or a user name.
  public var by: String
  /// The device: a host name.
  public var device: String
  /// The device's clock.
  public var now: @Sendable () -> Date
  /// Makes event ids.
  public var makeID: @Sendable () -> UUID

  /// An origin; by default the system clock and random ids.
  /// - Complexity: O(1).
  public init(
    by: String, device: String, now: @escaping @Sendable () -> Date = { Date() },
    makeID: @escaping @Sendable () -> UUID = { UUID() }
  ) {
    self.by = by
    self.device = device
    self.now = now
    self.makeID = makeID
  }

  /// A new event from this origin.
  func event(
    _ kind: AttendanceEvent.Kind, session: UUID, entry: UUID, status: String? = nil,
    reverts: UUID? = nil
  ) -> AttendanceEvent {
    AttendanceEvent(
      id: makeID(), kind: kind, session: session, entry: entry, status: status, at: now(),
      by: by, device: device, reverts: reverts)
  }
}
