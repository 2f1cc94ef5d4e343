public import Foundation

/// The lazily computed matches of ``RosterList/search(_:category:)``.
///
/// Each leaf's folded bytes are searched in one pass, whatever the number of matches; ``ids``
/// and ``offsets`` then read only the matches' ids, where iterating copies each matching entry.
public struct SearchResults: Sequence {
  let tree: EntryTree
  let needle: [UInt8]
  let category: String?

  init(tree: EntryTree, query: String, category: String?) {
    self.tree = tree
    self.needle = TextFolder.foldedQuery(query)
    self.category = category
  }

  /// Iterates the matches in list order.
  public func makeIterator() -> Iterator { Iterator(results: self) }

  /// The matching entries' ids, in list order, without copying the entries.
  /// - Complexity: O(b) for the b bytes of folded text, plus O(1) per match.
  public var ids: [UUID] {
    var ids: [UUID] = []
    forEachLeaf { _, entries, slot in
      ids.append(entries[slot].id)
    }
    return ids
  }

  /// The matching entries' offsets in the list, in increasing order, without copying the
  /// entries.
  /// - Complexity: O(b) for the b bytes of folded text, plus O(1) per match.
  public var offsets: [Int] {
    var offsets: [Int] = []
    forEachLeaf { base, _, slot in
      offsets.append(base + slot)
    }
    return offsets
  }

  /// Calls `body` with each match's leaf offset, the leaf's entries (borrowed, valid only during
  /// the call) and its slot, leaf by leaf in list order.
  private func forEachLeaf(
    _ body: (_ base: Int, _ entries: UnsafeBufferPointer<Entry>, _ slot: Int) -> Void
  ) {
    guard tree.count > 0 else { return }
    var leaf: EntryTreeNode? = tree.firstLeaf
    var base = 0
    needle.withUnsafeBufferPointer { needle in
      while let current = leaf {
        let entries = UnsafeBufferPointer(current.entries)
        current.folded.forEachMatch(of: needle) { slot in
          if let category, entries[slot].category != category { return true }
          body(base, entries, slot)
          return true
        }
        base += entries.count
        leaf = tree.nextLeaf(after: current)
      }
    }
  }

  /// Walks the leaves, searching each one's folded bytes once and handing out its matches.
  public struct Iterator: IteratorProtocol {
    let results: SearchResults
    var leaf: EntryTreeNode?
    /// The offset of the current leaf's first entry, and the number of entries it held.
    var base = 0
    var leafCount = 0
    /// The current leaf's matching slots, and how many of them were handed out.
    var slots: [Int32] = []
    var handedOut = 0

    init(results: SearchResults) {
      self.results = results
      leaf = results.tree.count > 0 ? results.tree.firstLeaf : nil
      if let leaf { load(leaf) }
    }

    /// The next match, or `nil` at the end. O(1) amortized per byte searched.
    public mutating func next() -> (offset: Int, entry: Entry)? {
      while let current = leaf {
        while handedOut < slots.count {
          let slot = Int(slots[handedOut])
          handedOut += 1
          // A list changed meanwhile may hold fewer entries here now: never read past them.
          if slot < current.count { return (base + slot, current.entries[slot]) }
        }
        base += leafCount
        leaf = results.tree.nextLeaf(after: current)
        if let leaf { load(leaf) }
      }
      return nil
    }

    /// Makes `leaf` the current one: every matching slot, found in one pass.
    private mutating func load(_ leaf: EntryTreeNode) {
      var found = slots
      slots = []
      found.removeAll(keepingCapacity: true)
      handedOut = 0
      let category = results.category
      let entries = leaf.entries
      leafCount = entries.count
      results.needle.withUnsafeBufferPointer { needle in
        leaf.folded.forEachMatch(of: needle) { slot in
          if let category, entries[slot].category != category { return true }
          found.append(Int32(slot))
          return true
        }
      }
      slots = found
    }
  }
}
