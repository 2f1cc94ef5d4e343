import Foundation

extension RosterList {
  /// Sorts the list by `order`, as one action (one undo step), and returns the change.
  ///
  /// Entries whose keys tie keep their current order (the sort is stable), in both directions.
  /// The change is made of moves (a remove and an insert of the same entry), so every store
  /// replays it; only the entries outside a longest run already in order move.
  ///
  /// ```swift
  /// list.sort(EntryOrder(field: .lastWord, locale: "de_DE"), collation: collator)
  /// ```
  /// - Parameters:
  ///   - order: What to compare and in which direction; its locale is for the caller, who
  ///     chose `collation` for it.
  ///   - collation: The collation that makes the sort keys (RosterCollation's `Collator`).
  /// - Returns: The change as applied (no edits when the list was in order).
  /// - Complexity: O(n) key computations, O(n log n) key comparisons, and O(k log n) for the
  ///   k entries that move.
  @discardableResult
  public func sort(_ order: EntryOrder, collation: any Collating) -> ListChange {
    act { edits in edits = sortingEdits(order, collation: collation) }
  }

  /// Turns keeping the list sorted on (by `order`: the list is sorted now, and new and edited
  /// entries go to their place; moving entries by hand is refused) or off (`nil`), as one
  /// action.
  ///
  /// The order is stored with the list (``ListEdit/keepSorted(old:new:)``).
  /// - Parameters:
  ///   - order: The order to keep, or `nil` to stop keeping one.
  ///   - collation: The collation of `order`'s locale; by default the list's
  ///     ``collationProvider``'s.
  /// - Returns: The change as applied.
  /// - Complexity: that of ``sort(_:collation:)`` when turning it on; O(1) otherwise.
  @discardableResult
  public func setKeepSorted(_ order: EntryOrder?, collation: (any Collating)? = nil)
    -> ListChange
  {
    guard order != keepSorted else { return ListChange(origin: .action, edits: []) }
    return act { edits in
      if let order {
        edits = sortingEdits(order, collation: collation ?? self.collation(for: order))
      }
      if let done = perform(.keepSorted(old: keepSorted, new: order)) { edits.append(done) }
    }
  }

  /// Why entries cannot be moved by hand now, or `nil` when they can: the message to show on
  /// a disabled move action.
  public var moveRefusal: RosterError? {
    access(keyPath: Self.revisionKey)
    return keepSorted.map { .keptSorted(title, $0) }
  }

  // MARK: Keeping sorted

  /// The offset at which an entry with `text` belongs in a list kept sorted by `order`: after
  /// every entry it does not sort before, so that ties keep their order of arrival.
  ///
  /// `skipping`, when given, is the offset of an entry to leave out of the comparison (the
  /// entry being re-placed), and the result is an offset in the list without it.
  /// - Complexity: O(log n) key computations and O(log² n) tree reads.
  func sortedPlace(of text: String, by order: EntryOrder, skipping: Int? = nil) -> Int {
    Self.sortedOffset(
      of: text, by: order, collation: collation(for: order),
      count: tree.count - (skipping == nil ? 0 : 1)
    ) { middle in tree[skipping.map { middle >= $0 ? middle + 1 : middle } ?? middle].text }
  }

  /// The collation for `order`'s locale: the provider's, cached per locale, or Unicode scalar
  /// order when no front end gave one.
  func collation(for order: EntryOrder) -> any Collating {
    if let cached = collationCache, cached.locale == order.locale { return cached.collation }
    let made: any Collating = collationProvider?(order.locale) ?? ScalarCollation()
    collationCache = (order.locale, made)
    return made
  }

  // MARK: Sorting

  /// The moves that sort the list by `order`, performed on the tree, as applied.
  ///
  /// Entries on a longest increasing run of their sorted positions stay; the others are
  /// removed last-first, then inserted in sorted order at their final offsets, so that every
  /// edit's offset and anchor are right when replayed in order.
  func sortingEdits(_ order: EntryOrder, collation: any Collating) -> [ListEdit] {
    let entries = Array(Entries(tree: tree))
    let sorted = Self.sortedIndices(
      entries.map { collation.sortKey(for: $0.text, in: order) }, descending: order.descending)
    let staying = Self.longestIncreasingRun(sorted)
    let moves = staying.count { !$0 }
    guard moves > 0 else { return [] }
    if Self.rebuilds(moves: moves, count: entries.count) {
      // The same moves, written from the arrays (each anchor is the entry before at that
      // step: removing from the back keeps the original predecessor, inserting in sorted order
      // follows the sorted predecessor), and applied by one rebuild of the tree.
      var edits: [ListEdit] = []
      edits.reserveCapacity(2 * moves)
      for original in entries.indices.reversed() where !staying[original] {
        let after = original > 0 ? entries[original - 1].id : nil
        edits.append(.remove(entries[original], offset: original, after: after))
      }
      for (final, original) in sorted.enumerated() where !staying[original] {
        let after = final > 0 ? entries[sorted[final - 1]].id : nil
        edits.append(.insert(entries[original], offset: final, after: after))
      }
      tree.replaceAll(with: sorted.map { entries[$0] })
      return edits
    }
    var edits: [ListEdit] = []
    for original in entries.indices.reversed() where !staying[original] {
      edits.append(remove(exactlyAt: original))
    }
    for (final, original) in sorted.enumerated() where !staying[original] {
      edits.append(insert(entries[original], exactlyAt: final))
    }
    return edits
  }

  /// The indices of `keys` in key order (reversed for `descending`), equal keys in index order.
  ///
  /// The keys are copied into one contiguous buffer first, so that each comparison is one
  /// `memcmp` without reference counting.
  /// - Complexity: O(n log n) comparisons.
  static func sortedIndices(_ keys: [SortKey], descending: Bool) -> [Int] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(keys.reduce(0) { $0 + $1.bytes.count })
    var starts: [Int] = [0]
    starts.reserveCapacity(keys.count + 1)
    for key in keys {
      bytes.append(contentsOf: key.bytes)
      starts.append(bytes.count)
    }
    var indices = Array(keys.indices)
    bytes.withUnsafeBufferPointer { bytes in
      starts.withUnsafeBufferPointer { starts in
        let base = bytes.baseAddress
        indices.sort { left, right in
          let leftCount = starts[left + 1] - starts[left]
          let rightCount = starts[right + 1] - starts[right]
          let common = min(leftCount, rightCount)
          var order = common == 0 ? 0 : memcmp(base! + starts[left], base! + starts[right], common)
          if order == 0 { order = leftCount < rightCount ? -1 : leftCount > rightCount ? 1 : 0 }
          if order == 0 { return left < right }
          return descending ? order > 0 : order < 0
        }
      }
    }
    return indices
  }

  /// Which values of `sequence` (a permutation of `0..<count`) lie on one longest increasing
  /// subsequence, indexed by value.
  /// - Complexity: O(n log n) (patience sorting).
  static func longestIncreasingRun(_ sequence: [Int]) -> [Bool] {
    var staying = [Bool](repeating: false, count: sequence.count)
    for value in LongestIncreasingSubsequence.values(in: sequence) { staying[value] = true }
    return staying
  }
}
