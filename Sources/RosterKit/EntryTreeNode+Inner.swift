// An inner node of ``EntryTree`` keeps, in its tail, the number of entries under each child and
// then the children themselves, so that the node's address alone locates both: a walk down or up
// the tree then waits for one cache miss per level, where arrays of their own first needed the
// node to find them.
extension EntryTreeNode {
  /// An inner node over `children`, which it becomes the parent of, with room for `capacity`
  /// children (an inner node's capacity plus the one that makes it split).
  static func inner(with children: some Collection<EntryTreeNode>, capacity: Int)
    -> EntryTreeNode
  {
    precondition(children.count <= capacity, "more children than room")
    let countsSize = countsSize(for: capacity)
    let node = unsafeDowncast(
      create(minimumCapacity: (countsSize &+ capacity &* 8) / 8) { _ in
        EntryTreeNodeHeader(
          parent: nil, count: 0, childCount: 0, number: -1, first: 0, slotHint: 0,
          capacity: Int32(capacity), byteCount: 0, byteCapacity: 0, isLeaf: false)
      }, to: EntryTreeNode.self)
    node.raw.bindMemory(to: Int32.self, capacity: capacity)
    (node.raw + countsSize).bindMemory(to: EntryTreeNode.self, capacity: capacity)
    for child in children {
      node.insertChild(child, at: node.children.count)
      node.head.pointee.count += child.count
    }
    return node
  }

  /// The bytes the child counts take at the start of the tail, 8-byte aligned.
  private static func countsSize(for capacity: Int) -> Int { (capacity &* 4 &+ 7) & ~7 }

  /// An inner node's children, in list order.
  var children: UnsafeMutableBufferPointer<EntryTreeNode> {
    UnsafeMutableBufferPointer(
      start: (raw + Self.countsSize(for: Int(head.pointee.capacity)))
        .assumingMemoryBound(to: EntryTreeNode.self),
      count: Int(head.pointee.childCount))
  }

  /// `childCounts[i]` is the number of entries under `children[i]`: 32 bits, so that the scan
  /// for an offset reads half the cache lines (a list of 2³¹ entries would need 128 GB).
  var childCounts: UnsafeMutableBufferPointer<Int32> {
    UnsafeMutableBufferPointer(
      start: raw.assumingMemoryBound(to: Int32.self), count: Int(head.pointee.childCount))
  }

  /// Inserts `child` at `slot`, recording its count, and becomes its parent. This node's own
  /// count stays: a split moves entries between siblings, and building adds them up itself.
  /// - Precondition: the node has room for one more child.
  /// - Complexity: O(children).
  func insertChild(_ child: EntryTreeNode, at slot: Int) {
    let count = Int(head.pointee.childCount)
    precondition(count < Int(head.pointee.capacity), "inner node full")
    let children = children.baseAddress!
    (children + slot + 1).moveInitialize(from: children + slot, count: count - slot)
    (children + slot).initialize(to: child)
    let counts = childCounts.baseAddress!
    (counts + slot + 1).update(from: counts + slot, count: count - slot)
    counts[slot] = Int32(child.count)
    head.pointee.childCount = Int32(count + 1)
    child.parent = self
    child.slotHint = slot
  }

  /// Removes the child at `slot`, which must hold no entries. O(children).
  func removeEmptyChild(at slot: Int) {
    let count = Int(head.pointee.childCount)
    let children = children.baseAddress!
    let removed = (children + slot).move()
    (children + slot).moveInitialize(from: children + slot + 1, count: count - slot - 1)
    let counts = childCounts.baseAddress!
    (counts + slot).update(from: counts + slot + 1, count: count - slot - 1)
    head.pointee.childCount = Int32(count - 1)
    removed.parent = nil
  }

  /// Moves the children from `slot` on into a new inner node, returned.
  /// - Complexity: O(children).
  func splitInner(at slot: Int) -> EntryTreeNode {
    let moved = children[slot...]
    let right = Self.inner(with: moved, capacity: Int(head.pointee.capacity))
    let count = children.count
    children.baseAddress!.advanced(by: slot).deinitialize(count: count - slot)
    head.pointee.childCount = Int32(slot)
    head.pointee.count -= right.count
    return right
  }

  /// The position of `child` among this node's children: the hint when it holds, else a scan
  /// of pointer comparisons (which renews the hint).
  func slot(of child: EntryTreeNode) -> Int { slot(of: NodeRef(child)) }

  /// ``slot(of:)`` for a child held unretained.
  func slot(of child: NodeRef) -> Int {
    let hint = child.node { $0.slotHint }
    let count = Int(head.pointee.childCount)
    if hint < count, childRef(at: hint) == child { return hint }
    var slot = 0
    while slot < count, childRef(at: slot) != child { slot &+= 1 }
    precondition(slot < count, "not a child of this node")
    child.node { $0.slotHint = slot }
    return slot
  }

  /// The child at `slot`, not retained: what the walks down the tree read.
  /// - Precondition: `slot < children.count`.
  func childRef(at slot: Int) -> NodeRef {
    // A strong reference and an unmanaged one are the same pointer in memory.
    NodeRef(UnsafeRawPointer(children.baseAddress! + slot).load(as: Unmanaged<EntryTreeNode>.self))
  }

  /// The number of entries under the children before `position`.
  /// - Complexity: O(position), eight counts per step.
  func entriesBefore(_ position: Int) -> Int {
    let counts = childCounts
    let base = UnsafeRawPointer(counts.baseAddress!)
    var lanes = SIMD8<Int32>()
    var slot = 0
    while slot &+ 8 <= position {
      lanes &+= base.loadUnaligned(fromByteOffset: slot &* 4, as: SIMD8<Int32>.self)
      slot &+= 8
    }
    var sum = Int(lanes.wrappedSum())
    while slot < position {
      sum &+= Int(counts[slot])
      slot &+= 1
    }
    return sum
  }

  /// The child holding `offset` and the offset within it. For an insertion (`inserting`), an
  /// offset at a boundary goes to the end of the left child.
  /// - Complexity: O(children), eight counts per step until the right eight are found.
  func child(at offset: Int, inserting: Bool) -> (slot: Int, offset: Int) {
    let counts = childCounts
    let base = UnsafeRawPointer(counts.baseAddress!)
    var remaining = offset
    var slot = 0
    // Skips eight children at once while the offset lies beyond them. Children are never
    // empty, so at an exact boundary an insertion belongs to the last of the eight.
    while slot &+ 8 <= counts.count {
      let chunk = Int(
        base.loadUnaligned(fromByteOffset: slot &* 4, as: SIMD8<Int32>.self).wrappedSum())
      if remaining < chunk || (inserting && remaining == chunk) { break }
      remaining -= chunk
      slot &+= 8
    }
    while slot < counts.count {
      let size = Int(counts[slot])
      if remaining < size || (inserting && remaining == size) { return (slot, remaining) }
      remaining -= size
      slot &+= 1
    }
    // Only an insertion at the very end gets here; it belongs to the last child.
    let last = counts.count - 1
    return (last, remaining + Int(counts[last]))
  }
}
