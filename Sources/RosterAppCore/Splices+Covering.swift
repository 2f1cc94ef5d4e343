public import RosterKit

extension Array where Element == Splice {
  /// One splice with the same effect as these splices applied in order, covering every position
  /// any of them touched, or `nil` when there are none.
  ///
  /// A GListModel must report its final length at every `items-changed`, so an action made of
  /// several splices (a move, a delete of scattered rows) is announced as one.
  /// - Parameter countAfter: The sequence's length after all the splices.
  /// - Returns: The covering splice, or `nil` for no splices.
  /// - Complexity: O(k) for k splices.
  public func covering(countAfter: Int) -> Splice? {
    guard let first else { return nil }
    if count == 1 { return first }
    let countBefore = countAfter + reduce(0) { $0 + $1.removed - $1.inserted }
    var running = countBefore
    var low = Int.max
    var tail = Int.max
    for splice in self {
      running += splice.inserted - splice.removed
      low = Swift.min(low, splice.offset)
      tail = Swift.min(tail, running - splice.offset - splice.inserted)
    }
    return Splice(offset: low, removed: countBefore - low - tail, inserted: countAfter - low - tail)
  }
}
