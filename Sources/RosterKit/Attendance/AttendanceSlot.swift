public import Foundation

/// One entry's attendance in one session as a store keeps it between events: its state and
/// what the last change replaced, so that an event reverting that change
/// (``AttendanceEvent/reverts``) can put it back.
///
/// A store that does not replay its whole log for each event keeps one slot per entry and
/// session, loads the few it needs into a small ledger (``AttendanceLedger/restore(_:of:in:)``),
/// applies the new events there by the ledger's own rules and writes the slots back
/// (``AttendanceLedger/slot(of:in:)``).
public struct AttendanceSlot: Hashable, Sendable, Codable {
  /// The state; `nil` when not marked.
  public var state: AttendanceState?
  /// The id of the event that made the last change, if any.
  public var lastEvent: UUID?
  /// The state before that change.
  public var previous: AttendanceState?

  /// A slot.
  /// - Complexity: O(1).
  public init(state: AttendanceState?, lastEvent: UUID?, previous: AttendanceState?) {
    self.state = state
    self.lastEvent = lastEvent
    self.previous = previous
  }
}

extension AttendanceLedger {
  /// The entry's slot in the session: its state and last change.
  /// - Complexity: O(1).
  public func slot(of entry: UUID, in session: UUID) -> AttendanceSlot {
    let key = Key(session: session, entry: entry)
    let last = lastChanges[key]
    return AttendanceSlot(state: states[key], lastEvent: last?.event, previous: last?.previous)
  }

  /// Puts a stored slot in place of the entry's state in the session, keeping the counts: a
  /// store's small ledger over the entries an action touches. The session must be the ledger's.
  /// - Complexity: O(1) amortized.
  public mutating func restore(_ slot: AttendanceSlot, of entry: UUID, in session: UUID) {
    let key = Key(session: session, entry: entry)
    replace(key, old: states[key], with: slot.state)
    lastChanges[key] = slot.lastEvent.map { LastChange(event: $0, previous: slot.previous) }
  }
}
