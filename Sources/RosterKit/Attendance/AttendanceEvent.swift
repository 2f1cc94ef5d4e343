public import Foundation

/// One entry of a list's append-only attendance log.
///
/// Producers on ``AttendanceLedger`` make events for a person's action; a store appends them,
/// stamps ``receivedAt`` and ``sequence``, and every ledger applies them in that order
/// (``AttendanceLedger/apply(_:)``). Nothing is ever overwritten: an undo is a new event.
public struct AttendanceEvent: Hashable, Sendable, Codable, Identifiable {
  /// What an event does. The raw values are stable: stores and `--json` output use them.
  public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
    /// Checked in with ``AttendanceEvent/status``: first marking, or coming back after a
    /// check-out. Second in store order while the entry is inside, it is a double check-in.
    case checkin
    /// The status changed on purpose.
    case status
    /// Checked out (left).
    case checkout
    /// Back to not marked: a revert.
    case clear
  }

  /// The event's id, made by its client: applying an id twice changes nothing.
  public let id: UUID
  /// What the event does.
  public let kind: Kind
  /// The session.
  public let session: UUID
  /// The entry.
  public let entry: UUID
  /// The status name, for ``Kind/checkin`` and ``Kind/status``; `nil` otherwise.
  public let status: String?
  /// When it happened, on the device.
  public let at: Date
  /// Who made it: the database role on PostgreSQL, the user name on SQLite.
  public let by: String
  /// Which device made it: a host name.
  public let device: String
  /// The id of the event this one takes back (an undo), else `nil`.
  public let reverts: UUID?
  /// When the store received it; `nil` until it is stored.
  public var receivedAt: Date?
  /// The store's sequence number: the order every ledger applies events in; `nil` until stored.
  public var sequence: Int64?

  /// An event.
  /// - Complexity: O(1).
  public init(
    id: UUID, kind: Kind, session: UUID, entry: UUID, status: String? = nil, at: Date,
    by: String, device: String, reverts: UUID? = nil, receivedAt: Date? = nil,
    sequence: Int64? = nil
  ) {
    self.id = id
    self.kind = kind
    self.session = session
    self.entry = entry
    self.status = status
    self.at = at
    self.by = by
    self.device = device
    self.reverts = reverts
    self.receivedAt = receivedAt
    self.sequence = sequence
  }

  /// The event as the store received it: stamped with its time and sequence number.
  /// - Complexity: O(1).
  public func received(at time: Date, sequence: Int64) -> AttendanceEvent {
    var stored = self
    stored.receivedAt = time
    stored.sequence = sequence
    return stored
  }
}
