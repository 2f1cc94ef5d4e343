import Foundation

/// The ordered storage behind ``RosterList``: a counted B+ tree of entries plus a hash index
/// from id to leaf number.
///
/// Every single-entry operation — insert or remove at any offset, lookup by offset or by id,
/// `offset(of:)` — costs O(log n): the tree is at most four levels deep at a million entries,
/// and a leaf is scanned linearly (at most `leafCapacity` entries). Memory is the entries
/// themselves plus one index slot per entry.
final class EntryTree {
  /// Entries per leaf before it splits. Scanning 64 tags for an id is cheaper than keeping
  /// positions inside the index up to date on every insert; an insertion or removal moves half
  /// a leaf's 4 KB of entries on average, where 128 moved twice as many cache lines at a million
  /// entries, and 32 doubled the leaves a search walks.
  static let defaultLeafCapacity = 64
  /// A leaf, as ``find(_:)`` hands it out: read it through the tree (``entry(atSlot:of:)``).
  typealias Leaf = EntryTreeNode

  /// Children per inner node before it splits.
  static let defaultInnerCapacity = 128

  let leafCapacity: Int
  let innerCapacity: Int

  // The storage below skips run-time exclusivity checks, as ``EntryTreeNode``'s does: private to
  // the tree, never accessed overlapping.

  @exclusivity(unchecked) private(set) var root: EntryTreeNode
  /// Which leaf holds each id.
  @exclusivity(unchecked) private(set) var index: EntryIndex
  /// Leaves by number; `nil` where a leaf was pruned and its number awaits reuse.
  @exclusivity(unchecked) private(set) var leaves: [EntryTreeNode?] = []
  @exclusivity(unchecked) private(set) var freeNumbers: [Int32] = []
  /// Where ``touchLeaf(at:)`` puts what it read, so that the reads are not optimized away.
  @exclusivity(unchecked) var touched = 0
  /// Folds the texts every leaf keeps for search.
  let folder = TextFolder()

  /// Builds a tree from entries in list order.
  /// - Precondition: ids are unique.
  /// - Complexity: O(n).
  init(
    _ entries: [Entry] = [], leafCapacity: Int = defaultLeafCapacity,
    innerCapacity: Int = defaultInnerCapacity
  ) {
    precondition(leafCapacity >= 2 && innerCapacity >= 3, "capacities too small to split")
    precondition(innerCapacity <= Self.defaultInnerCapacity, "inner capacity above the largest")
    self.leafCapacity = leafCapacity
    self.innerCapacity = innerCapacity
    let leafFill = max(1, leafCapacity * 7 / 8)
    let innerFill = max(2, innerCapacity * 7 / 8)
    var leaves: [EntryTreeNode] = []
    leaves.reserveCapacity(entries.count / leafFill + 1)
    // Every built leaf's entries start at the same place, which the index's hints name.
    let first = EntryTreeNode.centered(leafFill, in: leafCapacity + 1)
    var start = 0
    repeat {
      let end = min(start + leafFill, entries.count)
      let leaf = EntryTreeNode.leaf(
        with: entries[start..<end], capacity: leafCapacity + 1, folder: folder, first: first)
      leaf.number = Int32(leaves.count)
      leaves.append(leaf)
      start = end
    } while start < entries.count
    guard
      let index = EntryIndex(
        count: entries.count, id: { entries[$0].id },
        leafOf: { Int32(truncatingIfNeeded: $0 / leafFill) }, slotOf: { first + $0 % leafFill })
    else { preconditionFailure("duplicate entry id") }
    self.leaves = leaves
    var level = leaves
    while level.count > 1 {
      var next: [EntryTreeNode] = []
      next.reserveCapacity(level.count / innerFill + 1)
      var from = 0
      while from < level.count {
        let to = min(from + innerFill, level.count)
        next.append(EntryTreeNode.inner(with: level[from..<to], capacity: innerCapacity + 1))
        from = to
      }
      level = next
    }
    root = level[0]
    self.index = index
  }

  /// The number of entries. O(1).
  var count: Int { root.count }

  /// Whether an entry with this id is stored. O(1).
  func contains(_ id: UUID) -> Bool { index[id] != nil }

  /// Gives `leaf` a number in the registry, reusing a freed one when there is one.
  private func register(_ leaf: EntryTreeNode) {
    if let number = freeNumbers.popLast() {
      leaf.number = number
      leaves[Int(number)] = leaf
    } else {
      leaf.number = Int32(leaves.count)
      leaves.append(leaf)
    }
  }

  /// Replaces every entry with `entries`, in list order, building the tree afresh: cheaper than
  /// moving most of a large list one entry at a time.
  /// - Precondition: ids are unique.
  /// - Complexity: O(n).
  func replaceAll(with entries: [Entry]) {
    let rebuilt = EntryTree(entries, leafCapacity: leafCapacity, innerCapacity: innerCapacity)
    root = rebuilt.root
    index = rebuilt.index
    leaves = rebuilt.leaves
    freeNumbers = rebuilt.freeNumbers
  }

  /// Inserts `entry` so that it ends up at `offset`, returning the id of the entry now before
  /// it (found on the way down, so callers need no second lookup).
  /// - Precondition: `0 <= offset <= count`, and no entry has the same id.
  /// - Complexity: O(log n).
  @discardableResult
  func insert(_ entry: Entry, at offset: Int) -> UUID? {
    precondition(offset >= 0 && offset <= root.count, "offset out of range")
    precondition(index[entry.id] == nil, "duplicate entry id")
    return folder.withFolded(entry.text) { attach(entry, folded: $0, at: offset) }
  }

  /// Moves the entry at `slot` of `leaf` (from ``find(_:)``, at offset `from`) so that it ends
  /// up at `offset` of the list without it, carrying its folded text along: nothing is folded
  /// again, and the id index is updated in place.
  ///
  /// Returns the entry and the ids of the entries before it where it was and where it is now,
  /// what undo needs to put it back.
  /// - Precondition: `0 <= offset < count`.
  /// - Complexity: O(log n).
  func move(slot: Int, of leaf: Leaf, from: Int, to offset: Int) -> (
    entry: Entry, formerPredecessor: UUID?, predecessor: UUID?
  ) {
    precondition(offset >= 0 && offset < root.count, "offset out of range")
    let text = leaf.folded.text(at: slot)
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: text.count) { copy in
      _ = copy.initialize(fromContentsOf: text)
      let formerPredecessor = id(before: slot, of: leaf, at: from)
      let entry = detach(slot: slot, of: leaf)
      let predecessor = attach(entry, folded: UnsafeBufferPointer(copy), at: offset)
      return (entry, formerPredecessor, predecessor)
    }
  }

  /// Puts `entry`, whose folded text is `folded`, at `offset`, records its leaf in the id index
  /// and returns the id of the entry now before it. O(log n).
  private func attach(_ entry: Entry, folded: UnsafeBufferPointer<UInt8>, at offset: Int)
    -> UUID?
  {
    var down = NodeRef(root)
    var remaining = offset
    while let (child, inner) = down.node({ step(down: $0, to: remaining, inserting: true) }) {
      down = child
      remaining = inner
    }
    var node = down.retained
    if !node.hasRoom(forBytes: folded.count) { node = grow(node, toFit: folded.count) }
    let place = node.insert(entry, folded: folded, at: remaining)
    index.set(entry.id, leaf: node.number, hint: place)
    let predecessor = id(before: remaining, of: node, at: offset)
    if node.count > leafCapacity { split(node) }
    return predecessor
  }

  /// Removes and returns the entry at `offset`.
  /// - Precondition: `0 <= offset < count`.
  /// - Complexity: O(log n).
  @discardableResult
  func remove(at offset: Int) -> Entry {
    let (leaf, slot) = locate(offset)
    return remove(slot: slot, of: leaf)
  }

  /// Removes the entry at `offset`, returning it and the id of the entry that was before it.
  /// - Precondition: `0 <= offset < count`.
  /// - Complexity: O(log n).
  func removeReportingPredecessor(at offset: Int) -> (entry: Entry, predecessor: UUID?) {
    let (leaf, slot) = locate(offset)
    return removeReportingPredecessor(slot: slot, of: leaf, offset: offset)
  }

  /// Removes the entry with this id, returning it and the offset it had.
  /// - Complexity: O(log n).
  func remove(id: UUID) -> (entry: Entry, offset: Int)? {
    guard let (leaf, slot) = find(id) else { return nil }
    let offset = offset(ofSlot: slot, in: leaf)
    return (remove(slot: slot, of: leaf), offset)
  }

  /// Removes the entry at `slot` of `leaf` (from ``find(_:)``, at `offset`), returning it and
  /// the id of the entry that was before it: no walk down the tree.
  /// - Complexity: O(log n).
  func removeReportingPredecessor(slot: Int, of leaf: EntryTreeNode, offset: Int)
    -> (entry: Entry, predecessor: UUID?)
  {
    let predecessor = id(before: slot, of: leaf, at: offset)
    return (remove(slot: slot, of: leaf), predecessor)
  }

  /// Replaces the stored entry that has `entry.id`, returning the old one.
  /// - Complexity: O(log n) worst case (a scan of one leaf); no walk up the tree.
  func replace(_ entry: Entry) -> Entry? {
    guard let (leaf, slot) = find(entry.id) else { return nil }
    let old = leaf.entries[slot]
    replace(slot: slot, of: leaf, with: entry)
    return old
  }

  /// Replaces the entry at `slot` of `leaf` (from ``find(_:)``) with one of the same id. O(leaf).
  func replace(slot: Int, of leaf: EntryTreeNode, with entry: Entry) {
    guard leaf.entries[slot].text != entry.text else {
      leaf.replace(at: slot, with: entry, folded: nil)
      return
    }
    folder.withFolded(entry.text) { folded in
      let old = leaf.folded.text(at: slot).count
      let target =
        leaf.hasRoom(forBytes: folded.count - old) ? leaf : grow(leaf, toFit: folded.count)
      target.replace(at: slot, with: entry, folded: folded)
    }
  }

  /// Moves `leaf` into an allocation with room for `extra` more folded bytes (and a quarter
  /// more), putting the new leaf everywhere the old one was referenced; returns the new leaf.
  /// - Complexity: O(leaf size + leaf bytes).
  private func grow(_ leaf: EntryTreeNode, toFit extra: Int) -> EntryTreeNode {
    let needed = leaf.folded.bytes.count + extra
    let grown = leaf.moved(byteCapacity: needed + EntryTreeNode.spareBytes(for: needed))
    if let parent = grown.parent {
      parent.children[parent.slot(of: leaf)] = grown
    } else {
      root = grown
    }
    leaves[Int(grown.number)] = grown
    return grown
  }

  private func remove(slot: Int, of leaf: EntryTreeNode) -> Entry {
    let entry = detach(slot: slot, of: leaf)
    index.remove(entry.id)
    return entry
  }

  /// The id of the entry before `slot` of `leaf`, which is at `offset`: in the same leaf, else
  /// the end of the one before; `nil` at the start of the list. O(1), or O(log n) at a leaf's
  /// start.
  private func id(before slot: Int, of leaf: EntryTreeNode, at offset: Int) -> UUID? {
    slot > 0 ? leaf.entries[slot - 1].id : (offset > 0 ? self[offset - 1].id : nil)
  }

  /// Takes the entry at `slot` out of `leaf` and out of the counts above it, pruning the leaf
  /// when it empties; the id index still names the old leaf. O(log n).
  private func detach(slot: Int, of leaf: EntryTreeNode) -> Entry {
    let entry = leaf.remove(at: slot)
    var node = NodeRef(leaf)
    while let parent = node.node(\.parentRef) {
      parent.node { parent in
        parent.addEntries(-1, underChild: parent.slot(of: node))
        parent.count &-= 1
      }
      node = parent
    }
    if leaf.count == 0 { prune(leaf) }
    return entry
  }

  /// Detaches an empty node from its parent, cascading upwards, and lowers the root when it has
  /// a single child.
  private func prune(_ empty: EntryTreeNode) {
    guard empty.parent != nil else { return }
    leaves[Int(empty.number)] = nil
    freeNumbers.append(empty.number)
    var node = empty
    while let parent = node.parent, node.count == 0 {
      let slot = parent.slot(of: node)
      parent.removeEmptyChild(at: slot)
      node = parent
    }
    while !root.isLeaf, root.children.count == 1 {
      root = root.children[0]
      root.parent = nil
    }
    if !root.isLeaf, root.children.isEmpty {
      root = EntryTreeNode.leaf(with: [], capacity: leafCapacity + 1, folder: folder)
      register(root)
    }
  }

  /// Splits an overfull node in two, inserting the new right half beside it.
  private func split(_ node: EntryTreeNode) {
    let right: EntryTreeNode
    if node.isLeaf {
      right = node.splitLeaf(at: node.count / 2)
      register(right)
      for (slot, entry) in right.entries.enumerated() {
        index.set(entry.id, leaf: right.number, hint: right.place(ofSlot: slot))
      }
    } else {
      right = node.splitInner(at: node.children.count / 2)
    }
    if let parent = node.parent {
      let slot = parent.slot(of: node)
      parent.setCount(node.count, ofChild: slot)
      parent.insertChild(right, at: slot + 1)
      if parent.children.count > innerCapacity { split(parent) }
    } else {
      root = EntryTreeNode.inner(with: [node, right], capacity: innerCapacity + 1)
    }
  }
}
