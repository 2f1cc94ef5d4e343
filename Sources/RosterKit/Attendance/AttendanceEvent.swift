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
  /// Whether it was made while its device could not reach the server: a check-in made offline
  /// that arrives second is kept as a double check-in rather than refused. Coded only when
  /// `true`; an event coded before the flag existed reads as `false`.
  public var madeOffline: Bool

  /// An event.
  /// - Complexity: O(1).
  public init(
    id: UUID, kind: Kind, session: UUID, entry: UUID, status: String? = nil, at: Date,
    by: String, device: String, reverts: UUID? = nil, receivedAt: Date? = nil,
    sequence: Int64? = nil, madeOffline: Bool = false
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
    self.madeOffline = madeOffline
  }

  /// The event as the store received it: stamped with its time and sequence number.
  /// - Complexity: O(1).
  public func received(at time: Date, sequence: Int64) -> AttendanceEvent {
    var stored = self
    stored.receivedAt = time
    stored.sequence = sequence
    return stored
  }

  private enum CodingKeys: String, CodingKey {
    case id, kind, session, entry, status, at, by, device, reverts, receivedAt, sequence
    case madeOffline
  }

  /// Reads an event; one coded before ``madeOffline`` existed (an undo step, say) was made
  /// online.
  /// - Complexity: O(1).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(UUID.self, forKey: .id)
    kind = try container.decode(Kind.self, forKey: .kind)
    session = try container.decode(UUID.self, forKey: .session)
    entry = try container.decode(UUID.self, forKey: .entry)
    status = try container.decodeIfPresent(String.self, forKey: .status)
    at = try container.decode(Date.self, forKey: .at)
    by = try container.decode(String.self, forKey: .by)
    device = try container.decode(String.self, forKey: .device)
    reverts = try container.decodeIfPresent(UUID.self, forKey: .reverts)
    receivedAt = try container.decodeIfPresent(Date.self, forKey: .receivedAt)
    sequence = try container.decodeIfPresent(Int64.self, forKey: .sequence)
    madeOffline = try container.decodeIfPresent(Bool.self, forKey: .madeOffline) ?? false
  }

  /// Writes an event as before ``madeOffline`` existed, adding the flag only when it is set,
  /// so that an older Roster reads an online event unchanged.
  /// - Complexity: O(1).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(kind, forKey: .kind)
    try container.encode(session, forKey: .session)
    try container.encode(entry, forKey: .entry)
    try container.encodeIfPresent(status, forKey: .status)
    try container.encode(at, forKey: .at)
    try container.encode(by, forKey: .by)
    try container.encode(device, forKey: .device)
    try container.encodeIfPresent(reverts, forKey: .reverts)
    try container.encodeIfPresent(receivedAt, forKey: .receivedAt)
    try container.encodeIfPresent(sequence, forKey: .sequence)
    if madeOffline { try container.encode(madeOffline, forKey: .madeOffline) }
  }
}
