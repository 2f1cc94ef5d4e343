// An inner node of ``EntryTree`` keeps, in its tail, the number of entries under each child, the
// number under each group of eight children, and then the children themselves, so that the
// node's address alone locates all three: a walk down or up the tree then waits for one cache
// miss per level, where arrays of their own first needed the node to find them. The group sums
// let a walk skip eight children with one read: at 128 children, finding an offset reads at
// most 17 group sums and 8 counts, where it read up to 128 counts.
extension EntryTreeNode {
  /// An inner node over `children`, which it becomes the parent of, with room for `capacity`
  /// children (an inner node's capacity plus the one that makes it split).
  static func inner(with children: some Collection<EntryTreeNode>, capacity: Int)
    -> EntryTreeNode
  {
    precondition(children.count <= capacity, "more children than room")
    precondition(capacity <= InnerLayout.maxRoom, "inner nodes hold at most 129 children")
    let node = unsafeDowncast(
      create(minimumCapacity: (InnerLayout.children &+ capacity &* 8) / 8) { _ in
        EntryTreeNodeHeader(
          parent: nil, count: 0, childCount: 0, number: -1, first: 0, slotHint: 0,
          capacity: Int32(capacity), byteCount: 0, byteCapacity: 0, isLeaf: false)
      }, to: EntryTreeNode.self)
    node.raw.bindMemory(to: Int32.self, capacity: InnerLayout.children / 4)
    (node.raw + InnerLayout.groups).initializeMemory(
      as: Int32.self, repeating: 0, count: groupCount(for: InnerLayout.maxRoom))
    (node.raw + InnerLayout.children).bindMemory(to: EntryTreeNode.self, capacity: capacity)
    for child in children {
      node.insertChild(child, at: node.children.count)
      node.head.pointee.count += child.count
    }
    return node
  }

  /// Where an inner node's parts start in its tail, in bytes, each 8-byte aligned: the child
  /// counts, the group sums, then the children. The same for every inner node, sized for the
  /// largest room (``EntryTree/defaultInnerCapacity`` plus one), so that a walk finds each part
  /// without waiting for the node's header: a few hundred bytes more in each of a few hundred
  /// nodes at a million entries.
  enum InnerLayout {
    static var maxRoom: Int { EntryTree.defaultInnerCapacity + 1 }
    static var groups: Int { (maxRoom &* 4 &+ 7) & ~7 }
    static var children: Int { groups &+ ((EntryTreeNode.groupCount(for: maxRoom) &* 4 &+ 7) & ~7) }
  }

  /// The groups of eight children a node with room for `capacity` children has.
  private static func groupCount(for capacity: Int) -> Int { (capacity &+ 7) / 8 }

  /// An inner node's children, in list order.
  var children: UnsafeMutableBufferPointer<EntryTreeNode> {
    UnsafeMutableBufferPointer(
      start: (raw + InnerLayout.children).assumingMemoryBound(to: EntryTreeNode.self),
      count: Int(head.pointee.childCount))
  }

  /// `childCounts[i]` is the number of entries under `children[i]`: 32 bits, so that the scan
  /// for an offset reads half the cache lines (a list of 2³¹ entries would need 128 GB). Change
  /// them through ``addEntries(_:underChild:)`` and ``setCount(_:ofChild:)``, which keep the
  /// group sums in step.
  var childCounts: UnsafeBufferPointer<Int32> {
    UnsafeBufferPointer(
      start: raw.assumingMemoryBound(to: Int32.self), count: Int(head.pointee.childCount))
  }

  /// `groupSums[g]` is the number of entries under children `8g..<8g + 8`.
  var groupSums: UnsafeBufferPointer<Int32> {
    UnsafeBufferPointer(
      start: (raw + InnerLayout.groups).assumingMemoryBound(to: Int32.self),
      count: Self.groupCount(for: Int(head.pointee.childCount)))
  }

  private var countBase: UnsafeMutablePointer<Int32> { raw.assumingMemoryBound(to: Int32.self) }
  private var groupBase: UnsafeMutablePointer<Int32> {
    (raw + InnerLayout.groups).assumingMemoryBound(to: Int32.self)
  }

  /// Adds `delta` entries under the child at `slot`, and to its group. O(1).
  func addEntries(_ delta: Int32, underChild slot: Int) {
    countBase[slot] &+= delta
    groupBase[slot &>> 3] &+= delta
  }

  /// Records that the child at `slot` holds `count` entries. O(1).
  func setCount(_ count: Int, ofChild slot: Int) {
    addEntries(Int32(count) &- countBase[slot], underChild: slot)
  }

  /// Sums the groups again from the one holding `slot` on, after children moved. O(children).
  private func resumGroups(from slot: Int) {
    let count = Int(head.pointee.childCount)
    let counts = countBase
    let groups = groupBase
    var group = slot / 8
    while group < Self.groupCount(for: InnerLayout.maxRoom) {
      var sum: Int32 = 0
      var child = group &* 8
      while child < min(group &* 8 &+ 8, count) {
        sum &+= counts[child]
        child &+= 1
      }
      groups[group] = sum
      group &+= 1
    }
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
    let counts = countBase
    (counts + slot + 1).update(from: counts + slot, count: count - slot)
    counts[slot] = Int32(child.count)
    head.pointee.childCount = Int32(count + 1)
    resumGroups(from: slot)
    child.parent = self
    child.slotHint = slot
  }

  /// Removes the child at `slot`, which must hold no entries. O(children).
  func removeEmptyChild(at slot: Int) {
    let count = Int(head.pointee.childCount)
    let children = children.baseAddress!
    let removed = (children + slot).move()
    (children + slot).moveInitialize(from: children + slot + 1, count: count - slot - 1)
    let counts = countBase
    (counts + slot).update(from: counts + slot + 1, count: count - slot - 1)
    head.pointee.childCount = Int32(count - 1)
    resumGroups(from: slot)
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
    resumGroups(from: slot)
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
  /// - Complexity: O(children / 8 + 8): whole groups, then the counts of the last one.
  func entriesBefore(_ position: Int) -> Int {
    let groups = groupBase
    let counts = countBase
    var sum = 0
    var group = 0
    while group < position &>> 3 {
      sum &+= Int(groups[group])
      group &+= 1
    }
    var slot = group &<< 3
    while slot < position {
      sum &+= Int(counts[slot])
      slot &+= 1
    }
    return sum
  }

  /// The child holding `offset` and the offset within it. For an insertion (`inserting`), an
  /// offset at a boundary goes to the end of the left child.
  /// - Complexity: O(children / 8 + 8): groups are skipped whole until the right one.
  func child(at offset: Int, inserting: Bool) -> (slot: Int, offset: Int) {
    let count = Int(head.pointee.childCount)
    let groups = groupBase
    let counts = countBase
    var remaining = offset
    var slot = 0
    // Children are never empty, so at an exact boundary an insertion belongs to the last child
    // of the group before.
    while slot &+ 8 < count {
      let sum = Int(groups[slot &>> 3])
      if remaining < sum || (inserting && remaining == sum) { break }
      remaining &-= sum
      slot &+= 8
    }
    while slot < count {
      let size = Int(counts[slot])
      if remaining < size || (inserting && remaining == size) { return (slot, remaining) }
      remaining &-= size
      slot &+= 1
    }
    // Only an insertion at the very end gets here; it belongs to the last child.
    let last = count &- 1
    return (last, remaining &+ Int(counts[last]))
  }
}
