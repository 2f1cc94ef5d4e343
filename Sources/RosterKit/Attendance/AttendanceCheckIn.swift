public import Foundation

/// Who checked an entry in for a session, when and where: the first check-in, which wins.
///
/// It names the event that made it, so a front end can show the log line behind it.
public struct AttendanceCheckIn: Hashable, Sendable, Codable {
  /// The session.
  public let session: UUID
  /// The entry checked in.
  public let entry: UUID
  /// The check-in event's id.
  public let event: UUID
  /// When it happened, on the device.
  public let at: Date
  /// Who checked the entry in (a database role or a user name).
  public let by: String
  /// Which device (a host name).
  public let device: String

  /// A check-in record.
  /// - Complexity: O(1).
  public init(session: UUID, entry: UUID, event: UUID, at: Date, by: String, device: String) {
    self.session = session
    self.entry = entry
    self.event = event
    self.at = at
    self.by = by
    self.device = device
  }

  /// The record of `event`, the event that checked its entry in.
  /// - Complexity: O(1).
  public init(_ event: AttendanceEvent) {
    self.init(
      session: event.session, entry: event.entry, event: event.id, at: event.at, by: event.by,
      device: event.device)
  }
}
