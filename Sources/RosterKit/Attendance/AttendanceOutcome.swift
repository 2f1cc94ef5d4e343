/// What applying one event did to an ``AttendanceLedger``.
public enum AttendanceOutcome: Hashable, Sendable {
  /// The event changed the entry's state.
  case applied
  /// A check-in that arrived while the entry was inside already: kept in the log and flagged,
  /// the state unchanged. It carries the check-in that holds the state.
  case doubleCheckIn(first: AttendanceCheckIn)
  /// The event changed nothing: a check-out of an entry not inside, a clear of one not marked.
  case noChange
  /// An event id already applied: nothing happened again.
  case duplicate
  /// The event names a session the ledger does not have (deleted): kept in the log only.
  case unknownSession
}
