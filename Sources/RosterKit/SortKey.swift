import Foundation

/// A collation sort key: bytes that compare, byte by byte, as the collation orders the texts
/// they came from. ICU's `ucol_getSortKey` makes them (RosterCollation's `Collator`); RosterKit
/// only compares them.
public struct SortKey: Comparable, Hashable, Sendable {
  /// The key's bytes, without a terminating zero.
  public var bytes: [UInt8]

  /// Creates a key from its bytes.
  public init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// The key that orders by `first`, then by `second`: their bytes joined by a zero byte,
  /// which no collation key contains and which sorts below every byte they do contain.
  /// - Complexity: O(m) in the keys' lengths.
  public init(_ first: SortKey, then second: SortKey) {
    bytes = first.bytes + [0] + second.bytes
  }

  /// Byte order. O(m) in the shorter key's length.
  public static func < (lhs: SortKey, rhs: SortKey) -> Bool {
    lhs.bytes.withUnsafeBufferPointer { left in
      rhs.bytes.withUnsafeBufferPointer { right in
        let common = min(left.count, right.count)
        let order = common == 0 ? 0 : memcmp(left.baseAddress!, right.baseAddress!, common)
        return order != 0 ? order < 0 : left.count < right.count
      }
    }
  }
}

/// A collation: what turns texts into ``SortKey``s. RosterKit takes it as input so that it
/// needs no collation library of its own.
public protocol Collating {
  /// The sort key of `text`. Texts whose keys are equal tie, and keep their order in a sort.
  func sortKey(for text: Substring) -> SortKey
}

extension Collating {
  /// The key `order` sorts `text` by: the key of its compared part, and for the last word the
  /// whole text's after it.
  /// - Complexity: O(m) in the text's length.
  public func sortKey(for text: String, in order: EntryOrder) -> SortKey {
    switch order.field {
    case .text: return sortKey(for: text[...])
    case .lastWord:
      return SortKey(sortKey(for: order.sortedPart(of: text)), then: sortKey(for: text[...]))
    }
  }
}

/// Unicode scalar order: the fallback when a front end gives a list no collation. It is
/// deterministic but no locale's order (Ä after Z everywhere); front ends use a real one.
public struct ScalarCollation: Collating {
  /// Creates the fallback collation.
  public init() {}

  /// The text's scalars as three base-255 digits each, every digit offset by one so that the
  /// key has no zero byte.
  public func sortKey(for text: Substring) -> SortKey {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.unicodeScalars.count * 3)
    for scalar in text.unicodeScalars {
      let value = scalar.value
      bytes.append(UInt8(value / (255 * 255) + 1))
      bytes.append(UInt8(value / 255 % 255 + 1))
      bytes.append(UInt8(value % 255 + 1))
    }
    return SortKey(bytes)
  }
}
