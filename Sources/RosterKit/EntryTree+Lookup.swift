import Foundation

// Reading ``EntryTree``: entries by offset and by id, offsets of entries, and the walks down,
// up and along the leaves that every operation shares. They hold the nodes they pass
// unretained (``NodeRef``).
extension EntryTree {
  /// The entry at `offset`. - Precondition: `0 <= offset < count`. O(log n).
  subscript(offset: Int) -> Entry {
    let (leaf, slot) = locate(offset)
    return leaf.entries[slot]
  }

  /// The leaf and slot holding `id`. O(log n) worst case (a scan of one leaf's tags). Valid
  /// until the tree next changes.
  ///
  /// The index's hint, the entry's place in its leaf's room, is tried first, and the places
  /// either side of it, where one shift since puts it: each a read of the entry the caller reads
  /// next anyway.
  func find(_ id: UUID) -> (leaf: EntryTreeNode, slot: Int)? {
    guard let (number, hint) = index.location(of: id), let leaf = leaves[Int(number)] else {
      return nil
    }
    guard let slot = leaf.slot(ofID: id, hint: hint) else { return nil }
    return (leaf, slot)
  }

  /// The entry at `slot` of `leaf` (from ``find(_:)``). O(1).
  func entry(atSlot slot: Int, of leaf: Leaf) -> Entry { leaf.entries[slot] }

  /// The entry with this id. O(log n) worst case (a scan of one leaf).
  func entry(id: UUID) -> Entry? {
    guard let (leaf, slot) = find(id) else { return nil }
    return leaf.entries[slot]
  }

  /// The offset of the entry with this id. O(log n).
  func offset(of id: UUID) -> Int? {
    guard let (leaf, slot) = find(id) else { return nil }
    return offset(ofSlot: slot, in: leaf)
  }

  /// The offset of `slot` of `leaf`: the sizes of everything before it, level by level.
  ///
  /// The walk holds the nodes it passes unretained (``NodeRef``), as every walk here does.
  func offset(ofSlot slot: Int, in leaf: EntryTreeNode) -> Int {
    var offset = slot
    var node = NodeRef(leaf)
    while let parent = node.node(\.parentRef) {
      offset &+= parent.node { $0.entriesBefore($0.slot(of: node)) }
      node = parent
    }
    return offset
  }

  /// The leaf and slot holding `offset`, for `0 <= offset < count`.
  func locate(_ offset: Int) -> (EntryTreeNode, Int) {
    let (leaf, slot) = locateRef(offset)
    return (leaf.retained, slot)
  }

  /// The leaf holding `offset`, unretained, and the slot, for `0 <= offset < count`.
  func locateRef(_ offset: Int) -> (NodeRef, Int) {
    precondition(offset >= 0 && offset < root.count, "offset out of range")
    var node = NodeRef(root)
    var remaining = offset
    while let (child, inner) = node.node({ step(down: $0, to: remaining, inserting: false) }) {
      node = child
      remaining = inner
    }
    return (node, remaining)
  }

  /// One step down from `node` towards `offset`: the child holding it and the offset within
  /// that child, or `nil` at a leaf. An insertion (`inserting`) adds one to the counts it passes.
  func step(down node: EntryTreeNode, to offset: Int, inserting: Bool) -> (NodeRef, Int)? {
    if node.isLeaf { return nil }
    let (slot, inner) = node.child(at: offset, inserting: inserting)
    if inserting {
      node.count &+= 1
      node.addEntries(1, underChild: slot)
    }
    return (node.childRef(at: slot), inner)
  }

  /// Starts loading the leaf that holds `offset` into the cache, for an operation that will
  /// need it after other work: its misses then overlap that work's instead of following them.
  func touchLeaf(at offset: Int) {
    guard offset >= 0, offset < root.count else { return }
    // Unretained: a retain and release would be atomic writes to the leaf's cold header, each
    // waiting for its line before the reads after it could start.
    let (leaf, slot) = locateRef(offset)
    touched &+= leaf.node { $0.touch(slot: slot) }
  }

  /// Calls `body` with every entry in order, stopping when it returns `false`.
  /// - Complexity: O(n).
  func forEach(from offset: Int = 0, _ body: (Int, Entry) throws -> Bool) rethrows {
    guard offset < root.count, offset >= 0 else { return }
    var (leaf, slot) = locate(offset)
    var position = offset
    while true {
      while slot < leaf.entries.count {
        if try !body(position, leaf.entries[slot]) { return }
        slot += 1
        position += 1
      }
      guard let next = nextLeaf(after: leaf) else { return }
      leaf = next
      slot = 0
    }
  }

  /// The leaf that follows `leaf` in list order.
  func nextLeaf(after leaf: EntryTreeNode) -> EntryTreeNode? {
    var node = leaf
    while let parent = node.parent {
      let slot = parent.slot(of: node)
      if slot + 1 < parent.children.count {
        var down = parent.children[slot + 1]
        while !down.isLeaf { down = down.children[0] }
        return down
      }
      node = parent
    }
    return nil
  }

  /// The first leaf, where iteration starts.
  var firstLeaf: EntryTreeNode {
    var node = root
    while !node.isLeaf { node = node.children[0] }
    return node
  }
}
