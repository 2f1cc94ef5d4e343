import Foundation

/// A hash table from entry id to the number of the leaf that holds it, and a hint of the slot
/// in that leaf.
///
/// The hint is where the entry was when it was stored; later insertions and removals before it
/// in its leaf make it stale, so ``EntryTree`` checks it (and its neighbours) before scanning
/// the leaf's tags. When it holds, a lookup at a million entries skips one cache miss.
///
/// Swift's `Dictionary<UUID, …>` hashes all 16 bytes with SipHash and stores a class reference
/// per slot; building one for a million entries took longer than reading the entries. This
/// table mixes the id's two halves with a 64-bit finalizer, probes linearly in one array of
/// 24-byte slots, and sizes itself to exactly n / 0.75 slots (multiply-shift reduction needs no
/// power of two), so it costs about 32 bytes per entry.
struct EntryIndex {
  /// One slot: the id's two halves, its leaf number (`-1` when empty) and its slot hint, in the
  /// 24 bytes the two halves and the number took before (the hint fills their padding).
  private struct Slot {
    var high: UInt64
    var low: UInt64
    var leaf: Int32
    var hint: UInt16
  }

  private static let empty = Slot(high: 0, low: 0, leaf: -1, hint: 0)

  private var slots: [Slot]
  /// The number of ids stored.
  private(set) var count = 0

  /// Creates an index with room for `capacity` ids before it grows.
  init(minimumCapacity capacity: Int = 0) {
    slots = Array(repeating: Self.empty, count: Self.slotCount(for: capacity))
  }

  /// Creates an index of `ids`, the id at position `i` living in leaf `leafOf(i)` at slot
  /// `slotOf(i)`.
  ///
  /// Inserting a million random ids one by one misses the cache on every write. Here they are
  /// first bucketed by the region of the table they hash to (a counting sort), then inserted
  /// region by region, so the writes walk the table almost sequentially.
  /// - Returns: `nil` when two ids are equal.
  /// - Complexity: O(n).
  init?(count: Int, id: (Int) -> UUID, leafOf: (Int) -> Int32, slotOf: (Int) -> Int) {
    self.init(minimumCapacity: count)
    // A home slot grows with the mixed hash, so the hash's top bits name the region of the table
    // an id lands in: no division per id.
    let regionBits = 10
    func region(_ mixed: UInt64) -> Int { Int(truncatingIfNeeded: mixed >> (64 - regionBits)) }
    // Pass 1: how many ids hash to each region. Pass 2: place them, grouped by region.
    var starts = [Int](repeating: 0, count: (1 << regionBits) + 1)
    for position in 0..<count {
      let (high, low) = Self.halves(id(position))
      starts[region(Self.mix(high, low)) + 1] += 1
    }
    for region in 0..<(1 << regionBits) { starts[region + 1] += starts[region] }
    var ordered = [Slot](repeating: Self.empty, count: count)
    for position in 0..<count {
      let (high, low) = Self.halves(id(position))
      let slot = region(Self.mix(high, low))
      ordered[starts[slot]] = Slot(
        high: high, low: low, leaf: leafOf(position),
        hint: UInt16(truncatingIfNeeded: slotOf(position)))
      starts[slot] += 1
    }
    for item in ordered {
      var index = home(item.high, item.low)
      while slots[index].leaf >= 0 {
        if slots[index].high == item.high && slots[index].low == item.low { return nil }
        index += 1
        if index == slots.count { index = 0 }
      }
      slots[index] = item
    }
    self.count = count
  }

  private static func slotCount(for capacity: Int) -> Int {
    max(8, capacity + capacity / 3 + 1)
  }

  private static func halves(_ id: UUID) -> (UInt64, UInt64) {
    let b = id.uuid
    let high =
      UInt64(b.0) << 56 | UInt64(b.1) << 48 | UInt64(b.2) << 40 | UInt64(b.3) << 32
      | UInt64(b.4) << 24 | UInt64(b.5) << 16 | UInt64(b.6) << 8 | UInt64(b.7)
    let low =
      UInt64(b.8) << 56 | UInt64(b.9) << 48 | UInt64(b.10) << 40 | UInt64(b.11) << 32
      | UInt64(b.12) << 24 | UInt64(b.13) << 16 | UInt64(b.14) << 8 | UInt64(b.15)
    return (high, low)
  }

  /// MurmurHash3's finalizer over both halves: sequential test ids spread as well as random
  /// ones.
  private static func mix(_ high: UInt64, _ low: UInt64) -> UInt64 {
    var h = high &* 0x9E37_79B9_7F4A_7C15 ^ low
    h ^= h >> 33
    h &*= 0xFF51_AFD7_ED55_8CCD
    h ^= h >> 33
    h &*= 0xC4CE_B9FE_1A85_EC53
    h ^= h >> 33
    return h
  }

  /// The slot an id would sit in with no collisions: the mixed hash scaled to the table.
  private func home(_ high: UInt64, _ low: UInt64) -> Int {
    let mixed = Self.mix(high, low)
    return Int(truncatingIfNeeded: mixed.multipliedFullWidth(by: UInt64(slots.count)).high)
  }

  /// The slot holding `id`, or the empty slot where it would go.
  private func probe(_ high: UInt64, _ low: UInt64) -> Int {
    var index = home(high, low)
    while true {
      let slot = slots[index]
      if slot.leaf < 0 || (slot.high == high && slot.low == low) { return index }
      index += 1
      if index == slots.count { index = 0 }
    }
  }

  /// The leaf number stored for `id`. O(1) expected.
  subscript(id: UUID) -> Int32? {
    location(of: id)?.leaf
  }

  /// The leaf number and slot hint stored for `id`. O(1) expected.
  func location(of id: UUID) -> (leaf: Int32, hint: Int)? {
    let (high, low) = Self.halves(id)
    let slot = slots[probe(high, low)]
    return slot.leaf < 0 ? nil : (slot.leaf, Int(slot.hint))
  }

  /// Stores `leaf` and the slot hint `hint` for `id`, returning the previous leaf number.
  /// O(1) amortized.
  @discardableResult
  mutating func set(_ id: UUID, leaf: Int32, hint: Int) -> Int32? {
    if (count + 1) * 4 > slots.count * 3 { grow() }
    let (high, low) = Self.halves(id)
    let index = probe(high, low)
    let previous = slots[index].leaf
    slots[index] = Slot(
      high: high, low: low, leaf: leaf, hint: UInt16(truncatingIfNeeded: hint))
    if previous < 0 {
      count += 1
      return nil
    }
    return previous
  }

  /// Removes `id`. O(1) expected; backward-shift deletion keeps probes short without tombstones.
  mutating func remove(_ id: UUID) {
    let (high, low) = Self.halves(id)
    var hole = probe(high, low)
    guard slots[hole].leaf >= 0 else { return }
    count -= 1
    var next = hole
    while true {
      next += 1
      if next == slots.count { next = 0 }
      let slot = slots[next]
      if slot.leaf < 0 { break }
      let want = home(slot.high, slot.low)
      // Move `slot` into the hole unless its home lies cyclically in (hole, next].
      let homeInRange =
        hole <= next ? (want > hole && want <= next) : (want > hole || want <= next)
      if !homeInRange {
        slots[hole] = slot
        hole = next
      }
    }
    slots[hole] = Self.empty
  }

  private mutating func grow() {
    let old = slots
    slots = Array(repeating: Self.empty, count: Self.slotCount(for: max(count * 2, 8)))
    for slot in old where slot.leaf >= 0 {
      slots[probe(slot.high, slot.low)] = slot
    }
  }
}
