import Foundation

/// A node of ``EntryTree``: a leaf holding entries, or an inner node holding children.
///
/// Inner nodes keep their children's sizes in one contiguous array, so finding the child that
/// holds an offset reads one cache line or two instead of touching every child object. Leaves
/// keep, beside their entries, a 16-bit tag of each id and the entries' folded texts
/// (``FoldedTexts``): finding an id reads 256 bytes of tags instead of 8 KB of entries, and a
/// search reads the folded bytes alone. Leaves change only through the methods below, which
/// keep the three in step.
///
/// Its stored properties are `@exclusivity(unchecked)`: only ``EntryTree`` touches them, never
/// two accesses at once, and the run-time checks were a third of a move's instructions.
final class EntryTreeNode {
  /// The parent, or `nil` for the root. Unowned: parents own children, never the reverse.
  @exclusivity(unchecked) unowned(unsafe) var parent: EntryTreeNode?
  /// A leaf's entries, in list order; empty in inner nodes. Settable only so that tests can
  /// break a tree on purpose.
  @exclusivity(unchecked) var entries: [Entry]
  /// `tags[i]` is ``tag(of:)`` of `entries[i].id`.
  @exclusivity(unchecked) var tags: [UInt16]
  /// The entries' texts, folded for search.
  @exclusivity(unchecked) var folded: FoldedTexts
  /// An inner node's children, in list order; empty in leaves.
  @exclusivity(unchecked) var children: [EntryTreeNode]
  /// `childCounts[i]` is the number of entries under `children[i]`: 32 bits, so that the scan
  /// for an offset reads half the cache lines (a list of 2³¹ entries would need 128 GB).
  @exclusivity(unchecked) var childCounts: [Int32]
  /// The number of entries in this subtree.
  @exclusivity(unchecked) var count: Int
  let isLeaf: Bool
  /// A leaf's number in ``EntryTree``'s leaf registry; -1 for inner nodes.
  @exclusivity(unchecked) var number: Int32 = -1
  /// Where this node last was among its parent's children: right unless a sibling before it
  /// split or was pruned since, and checked before use.
  @exclusivity(unchecked) var slotHint = 0

  /// A leaf of `entries`, with room for `capacity` of them (a leaf's capacity plus the one that
  /// makes it split), so that no insertion into it reallocates: growing an array copies all of
  /// it into fresh memory, where an insertion moves half of it on average.
  init(leafWith entries: some Collection<Entry>, capacity: Int, folder: TextFolder) {
    var stored: [Entry] = []
    stored.reserveCapacity(max(capacity, entries.count))
    stored.append(contentsOf: entries)
    var tags: [UInt16] = []
    tags.reserveCapacity(stored.capacity)
    for entry in stored { tags.append(Self.tag(of: entry.id)) }
    var folded = FoldedTexts()
    folded.reserveCapacity(stored.capacity)
    for entry in stored { folder.withFolded(entry.text) { folded.append($0) } }
    folded.reserveSpareBytes()
    self.entries = stored
    self.tags = tags
    self.folded = folded
    self.children = []
    self.childCounts = []
    self.count = stored.count
    self.isLeaf = true
  }

  init(innerWith children: [EntryTreeNode]) {
    self.entries = []
    self.tags = []
    self.folded = FoldedTexts()
    self.children = children
    self.childCounts = children.map { Int32($0.count) }
    self.count = children.reduce(0) { $0 + $1.count }
    self.isLeaf = false
    for (slot, child) in children.enumerated() {
      child.parent = self
      child.slotHint = slot
    }
  }

  private init(splitting entries: [Entry], tags: [UInt16], folded: FoldedTexts) {
    self.entries = entries
    self.tags = tags
    self.folded = folded
    self.folded.reserveSpareBytes()
    self.children = []
    self.childCounts = []
    self.count = entries.count
    self.isLeaf = true
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

  // MARK: Leaves

  /// The slot of the entry with this id in this leaf.
  /// - Complexity: O(leaf size) over 2-byte tags.
  func slot(ofID id: UUID) -> Int? {
    let tag = Self.tag(of: id)
    var slot = 0
    while let found = tags[slot...].firstIndex(of: tag) {
      if entries[found].id == id { return found }
      slot = found + 1
    }
    return nil
  }

  func insert(_ entry: Entry, at slot: Int, folder: TextFolder) {
    entries.insert(entry, at: slot)
    tags.insert(Self.tag(of: entry.id), at: slot)
    folder.withFolded(entry.text) { folded.insert($0, at: slot) }
    count += 1
  }

  func remove(at slot: Int) -> Entry {
    tags.remove(at: slot)
    folded.remove(at: slot)
    count -= 1
    return entries.remove(at: slot)
  }

  /// Replaces the entry at `slot` with one of the same id.
  func replace(at slot: Int, with entry: Entry, folder: TextFolder) {
    let textChanged = entries[slot].text != entry.text
    entries[slot] = entry
    if textChanged { folder.withFolded(entry.text) { folded.replace(at: slot, with: $0) } }
  }

  /// Moves the entries from `slot` on into a new leaf, returned.
  func splitLeaf(at slot: Int) -> EntryTreeNode {
    var rightEntries: [Entry] = []
    rightEntries.reserveCapacity(entries.capacity)
    rightEntries.append(contentsOf: entries[slot...])
    var rightTags: [UInt16] = []
    rightTags.reserveCapacity(tags.capacity)
    rightTags.append(contentsOf: tags[slot...])
    let right = EntryTreeNode(
      splitting: rightEntries, tags: rightTags,
      folded: folded.split(at: slot, keepingCapacity: tags.capacity))
    entries.removeSubrange(slot...)
    tags.removeSubrange(slot...)
    count = entries.count
    return right
  }

  // MARK: Inner nodes

  /// The position of `child` among this node's children: the hint when it holds, else a scan
  /// of pointer comparisons (which renews the hint).
  func slot(of child: EntryTreeNode) -> Int {
    let hint = child.slotHint
    if hint < children.count, children[hint] === child { return hint }
    let slot = children.firstIndex { $0 === child }!
    child.slotHint = slot
    return slot
  }

  /// The number of entries under the children before `position`.
  /// - Complexity: O(position), eight counts per step.
  func entriesBefore(_ position: Int) -> Int {
    childCounts.withUnsafeBufferPointer { counts in
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
    childCounts.withUnsafeBufferPointer { counts in
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
