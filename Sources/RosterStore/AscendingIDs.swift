import Foundation

/// Fresh entry ids drawn ahead for a large import and handed out smallest first, in the order
/// SQLite compares their 16-byte blobs.
///
/// Each id is still one draw of the store's generator (random, version 4): only which row gets
/// which of them is chosen, so the set of ids, and how long a prefix tells them apart, is that
/// of any other ids. In increasing order, a million new rows go into the `(list, id)` index at
/// its end, as into the entries table, instead of at a million random places; the index needs
/// neither dropping nor a rebuild with a sort.
struct AscendingIDs {
  /// The ids as big-endian halves, largest first, so the next one is the last.
  private var remaining: [(high: UInt64, low: UInt64)]

  /// Draws `count` ids from `makeID` and sorts them: spread into buckets by their first 16
  /// bits, then each bucket sorted, which for random ids is a few ids per bucket.
  /// - Complexity: O(k) for k = `count` random ids; O(k log k) at worst.
  init(count: Int, makeID: () -> UUID) {
    let drawn = (0..<count).map { _ in Self.halves(makeID()) }
    let buckets = 1 << 16
    func bucket(_ id: (high: UInt64, low: UInt64)) -> Int { Int(id.high >> 48) }
    // Where each bucket ends in the sorted array, largest bucket first.
    var ends = [Int](repeating: 0, count: buckets + 1)
    for id in drawn { ends[buckets - bucket(id)] += 1 }
    for index in 1...buckets { ends[index] += ends[index - 1] }
    var sorted = [(high: UInt64, low: UInt64)](repeating: (0, 0), count: count)
    for id in drawn {
      let slot = buckets - 1 - bucket(id)
      sorted[ends[slot]] = id
      ends[slot] += 1
    }
    // Each bucket of random ids holds a few: an insertion sort, in place, largest first.
    sorted.withUnsafeMutableBufferPointer { ids in
      var start = 0
      for end in ends.dropLast() {
        if end - start > 32 {
          // Ids that share their first bits (a generator made for tests, say).
          ids[start..<end].sort { Self.isLess($1, than: $0) }
        } else if end - start > 1 {
          for index in start + 1..<end {
            let id = ids[index]
            var slot = index
            while slot > start, Self.isLess(ids[slot - 1], than: id) {
              ids[slot] = ids[slot - 1]
              slot -= 1
            }
            ids[slot] = id
          }
        }
        start = end
      }
    }
    remaining = sorted
  }

  /// The smallest id not yet handed out, or `nil` when none is left.
  /// - Complexity: O(1).
  mutating func next() -> UUID? {
    guard let (high, low) = remaining.popLast() else { return nil }
    var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &uuid) { bytes in
      bytes.storeBytes(of: high.bigEndian, toByteOffset: 0, as: UInt64.self)
      bytes.storeBytes(of: low.bigEndian, toByteOffset: 8, as: UInt64.self)
    }
    return UUID(uuid: uuid)
  }

  /// Whether `lhs` orders before `rhs` as 16 big-endian bytes.
  private static func isLess(
    _ lhs: (high: UInt64, low: UInt64), than rhs: (high: UInt64, low: UInt64)
  ) -> Bool {
    lhs.high != rhs.high ? lhs.high < rhs.high : lhs.low < rhs.low
  }

  /// How many ids are left.
  var count: Int { remaining.count }

  /// The id's 16 bytes as two big-endian integers: compared as numbers, they order as the
  /// bytes do.
  private static func halves(_ id: UUID) -> (high: UInt64, low: UInt64) {
    withUnsafeBytes(of: id.uuid) { bytes in
      (
        UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self)),
        UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
      )
    }
  }
}
