public import Foundation

/// One entry's attendance in one session as a store keeps it between events: its state and
/// the changes that made it, newest last, so that events reverting them
/// (``AttendanceEvent/reverts``) can put them back one after the other.
///
/// A store that does not replay its whole log for each event keeps one slot per entry and
/// session, loads the few it needs into a small ledger (``AttendanceLedger/restore(_:of:in:)``),
/// applies the new events there by the ledger's own rules and writes the slots back
/// (``AttendanceLedger/slot(of:in:)``).
///
/// Coded, a slot without earlier changes has the form it had before they were kept
/// (`state`, `lastEvent`, `previous`), and a slot stored in that form reads with none.
public struct AttendanceSlot: Hashable, Sendable, Codable {
  /// A change of the state: the event that made it and the state before it.
  public struct Change: Hashable, Sendable, Codable {
    /// The id of the event that made the change.
    public var event: UUID
    /// The state before it; `nil`: not marked.
    public var previous: AttendanceState?

    /// A change.
    /// - Complexity: O(1).
    public init(event: UUID, previous: AttendanceState?) {
      self.event = event
      self.previous = previous
    }
  }

  /// The state; `nil` when not marked.
  public var state: AttendanceState?
  /// The id of the event that made the last change, if any.
  public var lastEvent: UUID?
  /// The state before that change.
  public var previous: AttendanceState?
  /// The changes before the last one, oldest first (at most
  /// ``AttendanceLedger/revertDepth``): once the last is reverted, the newest of these is.
  public var earlier: [Change]

  /// A slot.
  /// - Complexity: O(1).
  public init(
    state: AttendanceState?, lastEvent: UUID?, previous: AttendanceState?, earlier: [Change] = []
  ) {
    self.state = state
    self.lastEvent = lastEvent
    self.previous = previous
    self.earlier = earlier
  }

  private enum CodingKeys: String, CodingKey {
    case state, lastEvent, previous, earlier
  }

  /// Reads a slot; one stored before earlier changes were kept has none.
  /// - Complexity: O(c) in the number of changes.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    state = try container.decodeIfPresent(AttendanceState.self, forKey: .state)
    lastEvent = try container.decodeIfPresent(UUID.self, forKey: .lastEvent)
    previous = try container.decodeIfPresent(AttendanceState.self, forKey: .previous)
    earlier = try container.decodeIfPresent([Change].self, forKey: .earlier) ?? []
  }

  /// Writes a slot, leaving out `earlier` when there are none.
  /// - Complexity: O(c) in the number of changes.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(state, forKey: .state)
    try container.encodeIfPresent(lastEvent, forKey: .lastEvent)
    try container.encodeIfPresent(previous, forKey: .previous)
    if !earlier.isEmpty { try container.encode(earlier, forKey: .earlier) }
  }
}

extension AttendanceLedger {
  /// The entry's slot in the session: its state and changes.
  /// - Complexity: O(c) in the number of changes kept.
  public func slot(of entry: UUID, in session: UUID) -> AttendanceSlot {
    let key = Key(session: session, entry: entry)
    let last = lastChanges[key]
    return AttendanceSlot(
      state: states[key], lastEvent: last?.event, previous: last?.previous,
      earlier: earlierChanges[key] ?? [])
  }

  /// Puts a stored slot in place of the entry's state in the session, keeping the counts: a
  /// store's small ledger over the entries an action touches. The session must be the ledger's.
  /// - Complexity: O(c) in the number of changes kept.
  public mutating func restore(_ slot: AttendanceSlot, of entry: UUID, in session: UUID) {
    let key = Key(session: session, entry: entry)
    replace(key, old: states[key], with: slot.state)
    lastChanges[key] = slot.lastEvent.map { LastChange(event: $0, previous: slot.previous) }
    earlierChanges[key] = slot.lastEvent == nil || slot.earlier.isEmpty ? nil : slot.earlier
  }
}
