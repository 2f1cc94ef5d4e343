/// A session's counts over the list's live entries, kept as events land.
public struct AttendanceCounts: Hashable, Sendable, Codable {
  /// Entries with a status.
  public var marked = 0
  /// Entries whose status counts as checked in.
  public var checkedIn = 0
  /// Entries checked in and not checked out.
  public var inside = 0
  /// Entries per status name; statuses no entry has are absent.
  public var byStatus: [String: Int] = [:]

  /// No entry marked.
  public init() {}

  /// Adds (`sign` 1) or takes away (`sign` -1) one entry in `state`.
  /// - Complexity: O(1) amortized.
  mutating func count(_ state: AttendanceState, _ sign: Int) {
    marked += sign
    if state.isCheckedIn { checkedIn += sign }
    if state.isInside { inside += sign }
    let now = byStatus[state.status, default: 0] + sign
    byStatus[state.status] = now == 0 ? nil : now
  }
}
