/// Each entry's changes in each session, newest on top, for the events that revert them.
extension AttendanceLedger {
  /// How many changes of one entry in one session the ledger keeps for reverts: as many as a
  /// store keeps undo steps per actor. An older change drops off the bottom; a revert of it
  /// then applies as an ordinary event of its kind.
  public static let revertDepth = 100

  /// Makes `change` the key's last change, the one before it kept beneath.
  /// - Complexity: O(1) amortized (O(``revertDepth``) when the oldest drops off).
  mutating func pushChange(_ change: LastChange, of key: Key) {
    guard let top = lastChanges.updateValue(change, forKey: key) else { return }
    earlierChanges[key, default: []].append(top)
    if let count = earlierChanges[key]?.count, count >= Self.revertDepth {
      earlierChanges[key]?.removeFirst()
    }
  }

  /// Drops the key's last change, reverted: the one before it is the last again.
  /// - Complexity: O(1).
  mutating func popChange(of key: Key) {
    lastChanges[key] = earlierChanges[key]?.popLast()
    if earlierChanges[key]?.isEmpty == true { earlierChanges[key] = nil }
  }
}
