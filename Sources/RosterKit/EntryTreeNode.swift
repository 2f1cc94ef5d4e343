import Foundation

/// What every ``EntryTreeNode`` keeps before its tail: the links and counts of a tree node, and
/// for a leaf the sizes of what its tail holds.
struct EntryTreeNodeHeader {
  // Ordered so that no field needs padding before it: 48 bytes.

  /// The parent, or `nil` for the root. Unretained: parents own children, never the reverse.
  var parent: Unmanaged<EntryTreeNode>?
  /// The number of entries in this subtree: a leaf's own entries.
  var count: Int
  /// An inner node's number of children; 0 in leaves.
  var childCount: Int32
  /// A leaf's number in ``EntryTree``'s leaf registry; -1 for inner nodes.
  var number: Int32
  /// Where a leaf's first entry sits in its room: the entries fill places
  /// `first..<first + count`, so that an insertion or removal shifts the shorter side.
  var first: Int32
  /// Where this node last was among its parent's children: right unless a sibling before it
  /// split or was pruned since, and checked before use.
  var slotHint: Int32
  /// The entries a leaf, or the children an inner node, has room for.
  let capacity: Int32
  /// The folded bytes a leaf holds, and has room for.
  var byteCount: Int32
  let byteCapacity: Int32
  let isLeaf: Bool
}

/// A node of ``EntryTree``: a leaf holding entries, or an inner node holding children.
///
/// An inner node keeps its children and their sizes in its tail (`EntryTreeNode+Inner.swift`).
///
/// A leaf is one allocation: its header, then the entries, a 16-bit tag of each entry's id, the
/// ends of the entries' folded texts (``FoldedTexts``) and the folded bytes. At a million
/// entries every leaf an operation reaches is cold, and each cache miss that must wait for an
/// earlier one costs over a hundred nanoseconds: with one allocation the leaf's address is all
/// it takes to reach any part of it, where separate arrays first needed the leaf object to find
/// them. The entries come first, so that the one a lookup's slot hint names is read in parallel
/// with the header. They keep room at both ends (``EntryTreeNodeHeader/first``), so that an
/// insertion or removal shifts the shorter side of the leaf. Finding an id reads the tags, not
/// 4 KB of entries; a search reads the folded bytes alone. A leaf changes only through the
/// methods below, which keep its parts in step; when its folded bytes outgrow their room,
/// ``EntryTree`` moves it into a larger allocation (``moved(byteCapacity:)``).
final class EntryTreeNode: ManagedBuffer<EntryTreeNodeHeader, UInt64> {
  // MARK: Making nodes

  /// A leaf of `entries`, with room for `capacity` of them (a leaf's capacity plus the one that
  /// makes it split) and for their folded texts and a quarter more. The entries sit from place
  /// `first` on, by default with as much room before them as after.
  static func leaf(
    with entries: some Collection<Entry>, capacity: Int, folder: TextFolder, first: Int? = nil
  ) -> EntryTreeNode {
    precondition(entries.count <= capacity, "more entries than room")
    var bytes: [UInt8] = []
    var ends: [Int32] = []
    ends.reserveCapacity(entries.count)
    for entry in entries {
      folder.withFolded(entry.text) { bytes.append(contentsOf: $0) }
      ends.append(Int32(bytes.count))
    }
    let first = first ?? centered(entries.count, in: capacity)
    precondition(first >= 0 && first + entries.count <= capacity, "entries outside the room")
    let leaf = empty(
      capacity: capacity, byteCapacity: bytes.count + spareBytes(for: bytes.count), first: first)
    var slot = 0
    for entry in entries {
      (leaf.entryBase + first + slot).initialize(to: entry)
      leaf.tagBase[first + slot] = tag(of: entry.id)
      leaf.endBase[slot] = ends[slot]
      slot += 1
    }
    bytes.withUnsafeBufferPointer { source in
      if let base = source.baseAddress { leaf.byteBase.update(from: base, count: source.count) }
    }
    leaf.head.pointee.count = entries.count
    leaf.head.pointee.byteCount = Int32(bytes.count)
    return leaf
  }

  /// Where `count` entries start in a room of `capacity` with as much room before as after.
  static func centered(_ count: Int, in capacity: Int) -> Int { (capacity - count) / 2 }

  /// A leaf with no entries and the room given, whose entries will start at place `first`.
  private static func empty(capacity: Int, byteCapacity: Int, first: Int) -> EntryTreeNode {
    let layout = Layout(capacity: capacity, byteCapacity: byteCapacity)
    let leaf = unsafeDowncast(
      create(minimumCapacity: layout.words) { _ in
        EntryTreeNodeHeader(
          parent: nil, count: 0, childCount: 0, number: -1, first: Int32(first), slotHint: 0,
          capacity: Int32(capacity), byteCount: 0, byteCapacity: Int32(byteCapacity),
          isLeaf: true)
      }, to: EntryTreeNode.self)
    leaf.withUnsafeMutablePointerToElements { words in
      let raw = UnsafeMutableRawPointer(words)
      raw.bindMemory(to: Entry.self, capacity: capacity)
      (raw + layout.tags).bindMemory(to: UInt16.self, capacity: capacity)
      (raw + layout.ends).bindMemory(to: Int32.self, capacity: capacity)
      (raw + layout.bytes).bindMemory(to: UInt8.self, capacity: byteCapacity)
    }
    return leaf
  }

  /// Room for `bytes` folded bytes plus a quarter more (at least 64), so that inserting a few
  /// texts into a full leaf moves nothing.
  static func spareBytes(for bytes: Int) -> Int { max(64, bytes / 4) }

  deinit {
    if head.pointee.isLeaf {
      entries.baseAddress!.deinitialize(count: head.pointee.count)
    } else {
      children.baseAddress!.deinitialize(count: children.count)
    }
  }

  /// Where a leaf's parts start in its tail, in bytes, each 8-byte aligned: the entries at the
  /// start (their address needs nothing from the header), then the tags, the folded texts' ends
  /// and the folded bytes.
  private struct Layout {
    let tags: Int
    let ends: Int
    let bytes: Int
    let words: Int

    init(capacity: Int, byteCapacity: Int) {
      tags = capacity &* MemoryLayout<Entry>.stride
      ends = tags &+ ((capacity &* 2 &+ 7) & ~7)
      bytes = ends &+ ((capacity &* 4 &+ 7) & ~7)
      words = (bytes &+ byteCapacity &+ 7) / 8
    }
  }

  // MARK: The header

  var parent: EntryTreeNode? {
    get { head.pointee.parent?.takeUnretainedValue() }
    set { head.pointee.parent = newValue.map(Unmanaged.passUnretained) }
  }
  /// The parent, not retained: what the walks up the tree read (``NodeRef``).
  var parentRef: NodeRef? { head.pointee.parent.map(NodeRef.init) }
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
  /// to it would be checked for exclusivity at run time (3,000 instructions more per move).
  var head: UnsafeMutablePointer<EntryTreeNodeHeader> {
    withUnsafeMutablePointerToHeader { $0 }
  }
  var raw: UnsafeMutableRawPointer {
    withUnsafeMutablePointerToElements { UnsafeMutableRawPointer($0) }
  }
  private var layout: Layout {
    Layout(capacity: Int(head.pointee.capacity), byteCapacity: Int(head.pointee.byteCapacity))
  }
  private var tagBase: UnsafeMutablePointer<UInt16> {
    (raw + layout.tags).assumingMemoryBound(to: UInt16.self)
  }
  private var endBase: UnsafeMutablePointer<Int32> {
    (raw + layout.ends).assumingMemoryBound(to: Int32.self)
  }
  private var entryBase: UnsafeMutablePointer<Entry> { raw.assumingMemoryBound(to: Entry.self) }
  private var byteBase: UnsafeMutablePointer<UInt8> {
    (raw + layout.bytes).assumingMemoryBound(to: UInt8.self)
  }

  /// A leaf's entries, in list order: valid while the leaf lives and does not change.
  var entries: UnsafeMutableBufferPointer<Entry> {
    UnsafeMutableBufferPointer(start: entryBase + first, count: head.pointee.count)
  }
  /// `tags[i]` is ``tag(of:)`` of `entries[i].id`.
  var tags: UnsafeMutableBufferPointer<UInt16> {
    UnsafeMutableBufferPointer(start: tagBase + first, count: head.pointee.count)
  }
  /// Where entry `slot` sits in the leaf's room: what the id index keeps as its hint, since it
  /// locates the entry without the header.
  func place(ofSlot slot: Int) -> Int { first &+ slot }
  /// The place of a leaf's first entry.
  var first: Int { Int(head.pointee.first) }
  /// The entries a leaf, or the children an inner node, has room for.
  var room: Int { Int(head.pointee.capacity) }
  /// The entries' texts, folded for search: valid while the leaf lives and does not change.
  var folded: FoldedTexts {
    FoldedTexts(
      ends: UnsafeBufferPointer(start: endBase, count: head.pointee.count),
      bytes: UnsafeBufferPointer(start: byteBase, count: Int(head.pointee.byteCount)))
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

  /// The slot of the entry with this id in this leaf, trying first the index's hint (a
  /// ``place(ofSlot:)``) and the places either side of it, where one shift since puts the entry.
  ///
  /// The hint's entry is read at an address that needs nothing from the header, so that its
  /// cache miss overlaps the header's.
  /// - Complexity: O(1) when the hint holds, else O(leaf size) over 2-byte tags.
  func slot(ofID id: UUID, hint: Int) -> Int? {
    let base = entryBase
    let first = first
    let end = first &+ head.pointee.count
    func holds(_ place: Int) -> Bool { place >= first && place < end && base[place].id == id }
    if holds(hint) { return hint &- first }
    if holds(hint &+ 1) { return hint &+ 1 &- first }
    if holds(hint &- 1) { return hint &- 1 &- first }
    let tag = Self.tag(of: id)
    let tags = tags
    let entries = entries
    var slot = 0
    while let found = tags[slot...].firstIndex(of: tag) {
      if entries[found].id == id { return found }
      slot = found + 1
    }
    return nil
  }

  /// Reads one value from each part an insertion or removal at `slot` starts with (the entry,
  /// its tag and its text's end), returned so that the reads stay.
  func touch(slot: Int) -> Int {
    let place = place(ofSlot: slot)
    let entry = UnsafeRawPointer(entryBase + place).load(as: UInt8.self)
    return Int(entry) &+ Int(tagBase[place]) &+ Int(endBase[slot])
  }

  /// Whether `extra` more folded bytes fit in this leaf.
  func hasRoom(forBytes extra: Int) -> Bool {
    Int(head.pointee.byteCount) + extra <= Int(head.pointee.byteCapacity)
  }

  /// Inserts `entry`, whose folded text is `folded`, at `slot`; returns the entry's place.
  ///
  /// The entries before `slot` shift one place towards the start when they are fewer than those
  /// after it and there is room there, else those after it shift towards the end: a quarter of
  /// a leaf moves on average, not half.
  /// - Precondition: the leaf has room for one more entry and for `folded`.
  /// - Complexity: O(leaf size + leaf bytes).
  @discardableResult
  func insert(_ entry: Entry, folded: UnsafeBufferPointer<UInt8>, at slot: Int) -> Int {
    let count = head.pointee.count
    let capacity = Int(head.pointee.capacity)
    precondition(count < capacity && hasRoom(forBytes: folded.count))
    let first = first
    let entries = entryBase
    let tags = tagBase
    let place: Int
    if first > 0 && (slot < count - slot || first + count == capacity) {
      (entries + first - 1).moveInitialize(from: entries + first, count: slot)
      (tags + first - 1).update(from: tags + first, count: slot)
      head.pointee.first = Int32(first - 1)
      place = first - 1 + slot
    } else {
      (entries + first + slot + 1).moveInitialize(from: entries + first + slot, count: count - slot)
      (tags + first + slot + 1).update(from: tags + first + slot, count: count - slot)
      place = first + slot
    }
    (entries + place).initialize(to: entry)
    tags[place] = Self.tag(of: entry.id)
    let start = start(of: slot)
    let ends = endBase
    (ends + slot + 1).update(from: ends + slot, count: count - slot)
    ends[slot] = Int32(start)
    head.pointee.count = count + 1
    replaceBytes(from: start, removing: 0, with: folded, at: slot)
    return place
  }

  /// Removes and returns the entry at `slot`. O(leaf size + leaf bytes).
  func remove(at slot: Int) -> Entry {
    let count = head.pointee.count
    let start = start(of: slot)
    let none = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    replaceBytes(from: start, removing: Int(endBase[slot]) - start, with: none, at: slot)
    // The shorter side closes the gap, as in an insertion.
    let first = first
    let entries = entryBase
    let tags = tagBase
    let removed = (entries + first + slot).move()
    if slot < count - 1 - slot {
      (entries + first + 1).moveInitialize(from: entries + first, count: slot)
      (tags + first + 1).update(from: tags + first, count: slot)
      head.pointee.first = Int32(first + 1)
    } else {
      let place = first + slot
      (entries + place).moveInitialize(from: entries + place + 1, count: count - slot - 1)
      (tags + place).update(from: tags + place + 1, count: count - slot - 1)
    }
    let ends = endBase
    (ends + slot).update(from: ends + slot + 1, count: count - slot - 1)
    head.pointee.count = count - 1
    return removed
  }

  /// Replaces the entry at `slot` with one of the same id, whose folded text is `folded` when
  /// its text changed.
  /// - Precondition: the leaf has room for the longer text.
  func replace(at slot: Int, with entry: Entry, folded: UnsafeBufferPointer<UInt8>?) {
    entryBase[place(ofSlot: slot)] = entry
    guard let folded else { return }
    let start = start(of: slot)
    let old = Int(endBase[slot]) - start
    precondition(hasRoom(forBytes: folded.count - old))
    replaceBytes(from: start, removing: old, with: folded, at: slot)
  }

  /// Where text `slot` starts among the folded bytes.
  private func start(of slot: Int) -> Int { slot == 0 ? 0 : Int(endBase[slot - 1]) }

  /// Replaces `removing` folded bytes from `start`, which are text `slot`'s, with `folded`,
  /// moving the bytes after them and the ends from `slot` on.
  private func replaceBytes(
    from start: Int, removing: Int, with folded: UnsafeBufferPointer<UInt8>, at slot: Int
  ) {
    let delta = folded.count - removing
    let bytes = byteBase
    let byteCount = Int(head.pointee.byteCount)
    if delta != 0 {
      let tail = start + removing
      (bytes + tail + delta).update(from: bytes + tail, count: byteCount - tail)
      let ends = endBase
      let shift = Int32(delta)
      for position in slot..<head.pointee.count { ends[position] &+= shift }
      head.pointee.byteCount = Int32(byteCount + delta)
    }
    if let base = folded.baseAddress { (bytes + start).update(from: base, count: folded.count) }
  }

  /// Moves the entries from `slot` on into a new leaf, returned.
  func splitLeaf(at slot: Int) -> EntryTreeNode {
    let moved = Int(head.pointee.byteCount) - start(of: slot)
    let first = Self.centered(head.pointee.count - slot, in: Int(head.pointee.capacity))
    return moveEntries(from: slot, byteCapacity: moved + Self.spareBytes(for: moved), first: first)
  }

  /// This leaf moved into a new allocation with room for `byteCapacity` folded bytes: same
  /// entries at the same places (so the id index's hints hold), number, parent and slot hint.
  /// This leaf is left empty, for the caller to replace everywhere it is referenced.
  func moved(byteCapacity: Int) -> EntryTreeNode {
    let new = moveEntries(from: 0, byteCapacity: byteCapacity, first: first)
    new.head.pointee.parent = head.pointee.parent
    new.head.pointee.number = head.pointee.number
    new.head.pointee.slotHint = head.pointee.slotHint
    return new
  }

  /// Moves the entries from `slot` on, with their tags and folded texts, into a new leaf of the
  /// same capacity with room for `byteCapacity` folded bytes, where they start at place
  /// `first`; this leaf keeps those before.
  private func moveEntries(from slot: Int, byteCapacity: Int, first: Int) -> EntryTreeNode {
    let count = head.pointee.count
    let cut = start(of: slot)
    let moved = Int(head.pointee.byteCount) - cut
    precondition(byteCapacity >= moved)
    let new = Self.empty(
      capacity: Int(head.pointee.capacity), byteCapacity: byteCapacity, first: first)
    let newCount = count - slot
    let from = place(ofSlot: slot)
    (new.entryBase + first).moveInitialize(from: entryBase + from, count: newCount)
    (new.tagBase + first).update(from: tagBase + from, count: newCount)
    let shift = Int32(cut)
    for position in 0..<newCount { new.endBase[position] = endBase[slot + position] - shift }
    new.byteBase.update(from: byteBase + cut, count: moved)
    new.head.pointee.count = newCount
    new.head.pointee.byteCount = Int32(moved)
    head.pointee.count = slot
    head.pointee.byteCount = Int32(cut)
    return new
  }
}
