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
    return performEach(edits)
  }

  /// Applies the inverses of `edits`, last first: undoes them, as ``performAll(_:)`` would
  /// apply `edits.reversed().map(\.inverse)`, but without that array when they go one by one.
  /// Returns them as applied.
  func performAll(inverting edits: [ListEdit]) -> [ListEdit] {
    if Self.rebuilds(moves: edits.count / 2, count: tree.count) {
      return performAll(edits.reversed().map(\.inverse))
    }
    return performEach(edits.reversed().lazy.map(\.inverse))
  }

  /// Applies `edits` one by one; returns those that applied, into one array allocated once.
  ///
  /// A move (a removal, then an insertion of the same id) puts the entry back as the list had
  /// it, not as the edits recorded it: an undo or redo of a move keeps a text or category
  /// another writer changed since, as the stores do.
  private func performEach(_ edits: some Sequence<ListEdit>) -> [ListEdit] {
    var applied: [ListEdit] = []
    applied.reserveCapacity(edits.underestimatedCount)
    // The entry removed last and not put back yet: a move's two edits are next to each other.
    var pending: Entry?
    // Earlier ones, when several removals come before their insertions (an empty dictionary
    // allocates nothing).
    var earlier: [UUID: Entry] = [:]
    for var edit in edits {
      if case .insert(let recorded, let offset, let after) = edit {
        if pending?.id == recorded.id {
          edit = .insert(pending!, offset: offset, after: after)
          pending = nil
        } else if let current = earlier.removeValue(forKey: recorded.id) {
          edit = .insert(current, offset: offset, after: after)
        }
      }
      guard let done = perform(edit) else { continue }
      if case .remove(let entry, _, _) = done {
        if let previous = pending { earlier[previous.id] = previous }
        pending = entry
      }
      applied.append(done)
    }
    return applied
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
    // Where each removed entry was, by id.
    var removed: [UUID: Int] = [:]
    removed.reserveCapacity(half)
    // The anchors as they will be, where an edit's own differs.
    var anchors: [Int: UUID?] = [:]
    var previous = Int.max
    // Removing from the back leaves every earlier offset, and its predecessor, in place.
    for (index, edit) in edits[..<half].enumerated() {
      guard case .remove(let entry, let offset, let after) = edit, offset >= 0,
        offset < previous, offset < current.count, current[offset].id == entry.id
      else { return nil }
      previous = offset
      removed[entry.id] = offset
      let predecessor = offset > 0 ? current[offset - 1].id : nil
      if after != predecessor { anchors[index] = predecessor }
    }
    var staying: [Entry] = []
    staying.reserveCapacity(current.count - half)
    for entry in current where removed[entry.id] == nil { staying.append(entry) }
    var result: [Entry] = []
    result.reserveCapacity(current.count)
    var next = 0
    previous = -1
    for (index, edit) in edits[half...].enumerated() {
      guard case .insert(let entry, let offset, let after) = edit, offset > previous,
        let was = removed.removeValue(forKey: entry.id), current[was].text == entry.text
      else { return nil }
      let take = offset - result.count
      guard take >= 0, take <= staying.count - next else { return nil }
      previous = offset
      result.append(contentsOf: staying[next..<(next + take)])
      next += take
      let predecessor = result.last?.id
      if after != predecessor { anchors[half + index] = predecessor }
      result.append(entry)
    }
    guard removed.isEmpty else { return nil }
    result.append(contentsOf: staying[next...])
    tree.replaceAll(with: result)
    guard !anchors.isEmpty else { return edits }
    var applied = edits
    for (index, after) in anchors {
      switch applied[index] {
      case .remove(let entry, let offset, _):
        applied[index] = .remove(entry, offset: offset, after: after)
      case .insert(let entry, let offset, _):
        applied[index] = .insert(entry, offset: offset, after: after)
      default: break
      }
    }
    return applied
  }
}
