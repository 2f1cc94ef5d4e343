/// The folded texts of one leaf's entries (``TextFolder``), end to end in one run of bytes, so a
/// search reads contiguous memory instead of every entry's string.
///
/// A view into the leaf's own allocation (``EntryTreeNode``), valid while the leaf lives and
/// does not change. `ends[i]` is where entry `i`'s bytes end; entry `i` holds
/// `bytes[start(of: i)..<ends[i]]`. Every change to the leaf's entries makes the same change to
/// these bytes, so the copy is never stale and never rebuilt.
struct FoldedTexts {
  let ends: UnsafeBufferPointer<Int32>
  let bytes: UnsafeBufferPointer<UInt8>

  /// The number of texts.
  var count: Int { ends.count }

  /// Where text `slot` starts.
  func start(of slot: Int) -> Int { slot == 0 ? 0 : Int(ends[slot - 1]) }

  /// The folded bytes of text `slot`.
  func text(at slot: Int) -> Slice<UnsafeBufferPointer<UInt8>> {
    bytes[start(of: slot)..<Int(ends[slot])]
  }

  /// Calls `body` with every text at or after `slot` that contains `needle`, in order, until it
  /// returns `false`: one pass over the bytes, however many texts match.
  ///
  /// A match must lie inside one text: one that runs over a text's end is no match, and the
  /// search goes on from the next text.
  /// - Complexity: O(b · q) for the b bytes searched and a needle of q bytes; O(b) in practice
  ///   (the first byte is looked for alone); plus O(1) per match.
  func forEachMatch(
    of needle: UnsafeBufferPointer<UInt8>, from slot: Int = 0, _ body: (Int) -> Bool
  ) {
    guard slot < ends.count else { return }
    if needle.isEmpty {
      for slot in slot..<ends.count where !body(slot) { return }
      return
    }
    let first = needle[0]
    let length = needle.count
    var slot = slot
    var position = start(of: slot)
    let last = bytes.count - length
    while position <= last {
      position = Self.position(of: first, in: bytes, from: position)
      if position > last { break }
      var matched = 1
      while matched < length && bytes[position + matched] == needle[matched] { matched += 1 }
      if matched < length {
        position += 1
        continue
      }
      while Int(ends[slot]) <= position { slot += 1 }
      let end = Int(ends[slot])
      if position + length <= end, !body(slot) { return }
      // Either way, later starts in this text find nothing new.
      position = end
      slot += 1
    }
  }

  /// The first position at or after `start` that holds `byte`, or `bytes.count` when none does.
  /// Eight bytes at a time: a byte equal to `byte` is a zero byte of `word ^ pattern`, and the
  /// lowest zero byte sets the lowest high bit of `(x - 0x01…) & ~x & 0x80…`.
  private static func position(
    of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int
  ) -> Int {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let pattern = ones &* UInt64(byte)
    var position = start
    if let base = UnsafeRawPointer(bytes.baseAddress) {
      while position + 8 <= bytes.count {
        let x =
          UInt64(littleEndian: base.loadUnaligned(fromByteOffset: position, as: UInt64.self))
          ^ pattern
        let found = (x &- ones) & ~x & (ones &<< 7)
        if found != 0 { return position + found.trailingZeroBitCount / 8 }
        position += 8
      }
    }
    while position < bytes.count && bytes[position] != byte { position += 1 }
    return position
  }
}
