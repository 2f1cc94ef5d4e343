/// The entries of a ``RosterList`` as a random-access collection, read in place.
///
/// Subscripting costs O(log n); iterating costs O(1) per entry.
public struct Entries: RandomAccessCollection {
  let tree: EntryTree

  /// Always 0.
  public var startIndex: Int { 0 }
  /// The number of entries.
  public var endIndex: Int { tree.count }

  /// The entry at `position`. - Complexity: O(log n).
  public subscript(position: Int) -> Entry { tree[position] }

  /// Walks the leaves in order.
  public func makeIterator() -> Iterator { Iterator(tree: tree) }

  /// Iterates the entries leaf by leaf: O(1) amortized per entry.
  public struct Iterator: IteratorProtocol {
    let tree: EntryTree
    var leaf: EntryTreeNode?
    var slot = 0

    init(tree: EntryTree) {
      self.tree = tree
      leaf = tree.count > 0 ? tree.firstLeaf : nil
    }

    /// The next entry, or `nil` at the end.
    public mutating func next() -> Entry? {
      while let current = leaf {
        if slot < current.entries.count {
          defer { slot += 1 }
          return current.entries[slot]
        }
        leaf = tree.nextLeaf(after: current)
        slot = 0
      }
      return nil
    }
  }
}
