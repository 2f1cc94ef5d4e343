import Foundation

extension RosterList {
  /// Whether `moves` of `count` entries are better done by rebuilding the tree (O(n)) than one by
  /// one (O(k log n)).
  static func rebuilds(moves: Int, count: Int) -> Bool {
    moves >= 256 && moves * 16 >= count
  }

  /// Applies `edits` one by one, or, when they are many moves in the shape a sort makes, by
  /// rebuilding the tree (``performMoves(_:)``). Returns them as applied.
  /// - Complexity: O(n) for a sort or its undo; O(k log n) otherwise.
  func performAll(_ edits: [ListEdit]) -> [ListEdit] {
    if Self.rebuilds(moves: edits.count / 2, count: tree.count), let done = performMoves(edits) {
      return done
    }
    return edits.compactMap(perform)
  }

  /// Applies moves in the shape ``sortingEdits(_:collation:)`` makes — k removes at strictly
  /// descending offsets, then k inserts of the same entries (same texts) at strictly ascending
  /// offsets — by rebuilding the tree once. Returns the edits as applied, with their anchors, or
  /// `nil`, changing nothing, when the edits have another shape or do not match the list.
  /// - Complexity: O(n).
  func performMoves(_ edits: [ListEdit]) -> [ListEdit]? {
    let half = edits.count / 2
    guard half > 0, edits.count == 2 * half else { return nil }
    let current = Array(Entries(tree: tree))
    var removed: [UUID: String] = [:]
    removed.reserveCapacity(half)
    var applied: [ListEdit] = []
    applied.reserveCapacity(edits.count)
    var previous = Int.max
    // Removing from the back leaves every earlier offset, and its predecessor, in place.
    for edit in edits[..<half] {
      guard case .remove(let entry, let offset, _) = edit, offset >= 0, offset < previous,
        offset < current.count, current[offset].id == entry.id
      else { return nil }
      previous = offset
      removed[entry.id] = current[offset].text
      applied.append(
        .remove(current[offset], offset: offset, after: offset > 0 ? current[offset - 1].id : nil))
    }
    let staying = current.filter { removed[$0.id] == nil }
    var result: [Entry] = []
    result.reserveCapacity(current.count)
    var next = 0
    previous = -1
    for edit in edits[half...] {
      guard case .insert(let entry, let offset, _) = edit, offset > previous,
        removed.removeValue(forKey: entry.id) == entry.text
      else { return nil }
      let take = offset - result.count
      guard take >= 0, take <= staying.count - next else { return nil }
      previous = offset
      result.append(contentsOf: staying[next..<(next + take)])
      next += take
      applied.append(.insert(entry, offset: offset, after: result.last?.id))
      result.append(entry)
    }
    guard removed.isEmpty else { return nil }
    result.append(contentsOf: staying[next...])
    tree.replaceAll(with: result)
    return applied
  }
}
