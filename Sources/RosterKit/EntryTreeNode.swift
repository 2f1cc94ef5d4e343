import Foundation

/// What every ``EntryTreeNode`` keeps before its tail: the links and counts of a tree node, and
/// a leaf's room and folded texts.
struct EntryTreeNodeHeader {
  /// The parent, or `nil` for the root. Unowned: parents own children, never the reverse.
  unowned(unsafe) var parent: EntryTreeNode?
  /// An inner node's children, in list order; empty in leaves.
  var children: [EntryTreeNode]
  /// `childCounts[i]` is the number of entries under `children[i]`: 32 bits, so that the scan
  /// for an offset reads half the cache lines (a list of 2³¹ entries would need 128 GB).
  var childCounts: [Int32]
  /// The number of entries in this subtree: a leaf's own entries.
  var count: Int
  /// A leaf's number in ``EntryTree``'s leaf registry; -1 for inner nodes.
  var number: Int32
  /// Where this node last was among its parent's children: right unless a sibling before it
  /// split or was pruned since, and checked before use.
  var slotHint: Int32
  let isLeaf: Bool
  /// The entries a leaf has room for; 0 in inner nodes.
  let entryCapacity: Int32
  /// A leaf's folded texts, in arrays of their own, which a search reads alone.
  var folded: FoldedTexts
}

/// A node of ``EntryTree``: a leaf holding entries, or an inner node holding children.
///
/// Inner nodes keep their children's sizes in one contiguous array, so finding the child that
/// holds an offset reads one cache line or two instead of touching every child object.
///
/// A leaf's entries and a 16-bit tag of each entry's id follow its header in the same
/// allocation, the entries first. At a million entries every leaf an operation reaches is cold,
/// and each cache miss that must wait for an earlier one costs over a hundred nanoseconds: the
/// leaf's address alone locates any entry, so a lookup by id reads the entry its slot hint names
/// in parallel with the header, where an array of entries first needed the leaf object to find
/// the array. Finding an id without a hint reads the tags, not 4 KB of entries. The entries'
/// folded texts (``FoldedTexts``) live in arrays of their own, which a search reads alone. A leaf
/// changes only through the methods below, which keep its parts in step.
final class EntryTreeNode: ManagedBuffer<EntryTreeNodeHeader, UInt64> {
  // MARK: Making nodes

  /// A leaf of `entries`, with room for `capacity` of them (a leaf's capacity plus the one that
  /// makes it split), so that no insertion into it moves it.
  static func leaf(
    with entries: some Collection<Entry>, capacity: Int, folder: TextFolder
  ) -> EntryTreeNode {
    precondition(entries.count <= capacity, "more entries than room")
    var folded = FoldedTexts()
    folded.reserveCapacity(capacity)
    for entry in entries { folder.withFolded(entry.text) { folded.append($0) } }
    folded.reserveSpareBytes()
    let leaf = empty(capacity: capacity, folded: folded)
    var slot = 0
    for entry in entries {
      (leaf.entryBase + slot).initialize(to: entry)
      leaf.tagBase[slot] = tag(of: entry.id)
      slot += 1
    }
    leaf.head.pointee.count = entries.count
    return leaf
  }

  /// An inner node over `children`, which it becomes the parent of.
  static func inner(with children: [EntryTreeNode]) -> EntryTreeNode {
    let node = unsafeDowncast(
      create(minimumCapacity: 0) { _ in
        EntryTreeNodeHeader(
          parent: nil, children: children, childCounts: children.map { Int32($0.count) },
          count: children.reduce(0) { $0 + $1.count }, number: -1, slotHint: 0, isLeaf: false,
          entryCapacity: 0, folded: FoldedTexts())
      }, to: EntryTreeNode.self)
    for (slot, child) in children.enumerated() {
      child.parent = node
      child.slotHint = slot
    }
    return node
  }

  /// A leaf with no entries yet, room for `capacity` of them, and `folded` as its texts.
  private static func empty(capacity: Int, folded: FoldedTexts) -> EntryTreeNode {
    let tags = capacity &* MemoryLayout<Entry>.stride
    let leaf = unsafeDowncast(
      create(minimumCapacity: (tags &+ capacity &* 2 &+ 7) / 8) { _ in
        EntryTreeNodeHeader(
          parent: nil, children: [], childCounts: [], count: 0, number: -1, slotHint: 0,
          isLeaf: true, entryCapacity: Int32(capacity), folded: folded)
      }, to: EntryTreeNode.self)
    leaf.withUnsafeMutablePointerToElements { words in
      let raw = UnsafeMutableRawPointer(words)
      raw.bindMemory(to: Entry.self, capacity: capacity)
      (raw + tags).bindMemory(to: UInt16.self, capacity: capacity)
    }
    return leaf
  }

  deinit {
    if head.pointee.isLeaf { entryBase.deinitialize(count: head.pointee.count) }
  }

  // MARK: The header

  var parent: EntryTreeNode? {
    get { head.pointee.parent }
    set { head.pointee.parent = newValue }
  }
  /// An inner node's children. Settable only so that tests can break a tree on purpose.
  var children: [EntryTreeNode] {
    get { head.pointee.children }
    _modify { yield &head.pointee.children }
  }
  var childCounts: [Int32] {
    get { head.pointee.childCounts }
    _modify { yield &head.pointee.childCounts }
  }
  /// The number of entries in this subtree.
  var count: Int {
    get { head.pointee.count }
    set { head.pointee.count = newValue }
  }
  var isLeaf: Bool { head.pointee.isLeaf }
  var number: Int32 {
    get { head.pointee.number }
    set { head.pointee.number = newValue }
  }
  var slotHint: Int {
    get { Int(head.pointee.slotHint) }
    set { head.pointee.slotHint = Int32(truncatingIfNeeded: newValue) }
  }

  // MARK: A leaf's parts

  /// The header, through a pointer: `ManagedBuffer.header` is a stored property, so each access
  /// to it would be checked for exclusivity at run time, which cost more than the rest of an
  /// offset lookup.
  private var head: UnsafeMutablePointer<EntryTreeNodeHeader> {
    withUnsafeMutablePointerToHeader { $0 }
  }
  private var raw: UnsafeMutableRawPointer {
    withUnsafeMutablePointerToElements { UnsafeMutableRawPointer($0) }
  }
  /// The entries come first in the tail, so that their address needs nothing from the header.
  private var entryBase: UnsafeMutablePointer<Entry> { raw.assumingMemoryBound(to: Entry.self) }
  private var tagBase: UnsafeMutablePointer<UInt16> {
    (raw + Int(head.pointee.entryCapacity) &* MemoryLayout<Entry>.stride)
      .assumingMemoryBound(to: UInt16.self)
  }

  /// A leaf's entries, in list order: valid while the leaf lives and does not change.
  var entries: UnsafeMutableBufferPointer<Entry> {
    UnsafeMutableBufferPointer(start: entryBase, count: head.pointee.count)
  }
  /// `tags[i]` is ``tag(of:)`` of `entries[i].id`.
  var tags: UnsafeMutableBufferPointer<UInt16> {
    UnsafeMutableBufferPointer(start: tagBase, count: head.pointee.count)
  }
  /// The entries' texts, folded for search.
  var folded: FoldedTexts {
    get { head.pointee.folded }
    _modify { yield &head.pointee.folded }
  }

  /// A 16-bit digest of an id; equal ids have equal tags.
  static func tag(of id: UUID) -> UInt16 {
    let b = id.uuid
    var tag = UInt16(b.0) &<< 8 | UInt16(b.1)
    tag ^= UInt16(b.2) &<< 8 | UInt16(b.3)
    tag ^= UInt16(b.4) &<< 8 | UInt16(b.5)
    tag ^= UInt16(b.6) &<< 8 | UInt16(b.7)
    tag ^= UInt16(b.8) &<< 8 | UInt16(b.9)
    tag ^= UInt16(b.10) &<< 8 | UInt16(b.11)
    tag ^= UInt16(b.12) &<< 8 | UInt16(b.13)
    tag ^= UInt16(b.14) &<< 8 | UInt16(b.15)
    return tag
  }

  // MARK: Changing a leaf

  /// The slot of the entry with this id in this leaf.
  /// - Complexity: O(leaf size) over 2-byte tags.
  func slot(ofID id: UUID) -> Int? {
    let tag = Self.tag(of: id)
    let tags = tags
    var slot = 0
    while let found = tags[slot...].firstIndex(of: tag) {
      if entryBase[found].id == id { return found }
      slot = found + 1
    }
    return nil
  }

  /// Reads one value from each part an insertion or removal at `slot` starts with (the entry,
  /// its tag, its folded text), returned so that the reads stay.
  func touch(slot: Int) -> Int {
    let entry = UnsafeRawPointer(entryBase + slot).load(as: UInt8.self)
    let folded = head.pointee.folded
    return Int(entry) &+ Int(tagBase[slot]) &+ folded.start(of: min(slot, folded.count - 1))
  }

  /// Inserts `entry` at `slot`.
  /// - Precondition: the leaf has room for one more entry.
  /// - Complexity: O(leaf size + leaf bytes).
  func insert(_ entry: Entry, at slot: Int, folder: TextFolder) {
    let count = head.pointee.count
    precondition(count < Int(head.pointee.entryCapacity), "leaf full")
    let entries = entryBase
    (entries + slot + 1).moveInitialize(from: entries + slot, count: count - slot)
    (entries + slot).initialize(to: entry)
    let tags = tagBase
    (tags + slot + 1).update(from: tags + slot, count: count - slot)
    tags[slot] = Self.tag(of: entry.id)
    head.pointee.count = count + 1
    folder.withFolded(entry.text) { head.pointee.folded.insert($0, at: slot) }
  }

  /// Removes and returns the entry at `slot`. O(leaf size + leaf bytes).
  func remove(at slot: Int) -> Entry {
    let count = head.pointee.count
    let entries = entryBase
    let removed = (entries + slot).move()
    (entries + slot).moveInitialize(from: entries + slot + 1, count: count - slot - 1)
    let tags = tagBase
    (tags + slot).update(from: tags + slot + 1, count: count - slot - 1)
    head.pointee.count = count - 1
    head.pointee.folded.remove(at: slot)
    return removed
  }

  /// Replaces the entry at `slot` with one of the same id. O(leaf bytes) when the text changed.
  func replace(at slot: Int, with entry: Entry, folder: TextFolder) {
    let textChanged = entryBase[slot].text != entry.text
    entryBase[slot] = entry
    if textChanged {
      folder.withFolded(entry.text) { head.pointee.folded.replace(at: slot, with: $0) }
    }
  }

  /// Moves the entries from `slot` on into a new leaf, returned.
  func splitLeaf(at slot: Int) -> EntryTreeNode {
    let capacity = Int(head.pointee.entryCapacity)
    let right = Self.empty(
      capacity: capacity, folded: head.pointee.folded.split(at: slot, keepingCapacity: capacity))
    let moved = head.pointee.count - slot
    right.entryBase.moveInitialize(from: entryBase + slot, count: moved)
    right.tagBase.update(from: tagBase + slot, count: moved)
    right.head.pointee.count = moved
    head.pointee.count = slot
    return right
  }

  // MARK: Inner nodes

  /// The position of `child` among this node's children: the hint when it holds, else a scan
  /// of pointer comparisons (which renews the hint).
  func slot(of child: EntryTreeNode) -> Int {
    let hint = child.slotHint
    if hint < head.pointee.children.count, head.pointee.children[hint] === child { return hint }
    let slot = head.pointee.children.firstIndex { $0 === child }!
    child.slotHint = slot
    return slot
  }

  /// The number of entries under the children before `position`.
  /// - Complexity: O(position), eight counts per step.
  func entriesBefore(_ position: Int) -> Int {
    head.pointee.childCounts.withUnsafeBufferPointer { counts in
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
  }

  /// The child holding `offset` and the offset within it. For an insertion (`inserting`), an
  /// offset at a boundary goes to the end of the left child.
  /// - Complexity: O(children), eight counts per step until the right eight are found.
  func child(at offset: Int, inserting: Bool) -> (slot: Int, offset: Int) {
    head.pointee.childCounts.withUnsafeBufferPointer { counts in
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
}
