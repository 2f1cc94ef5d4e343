import Foundation
import RosterKit

/// Appends ``EditCoding``'s bytes for edits to one buffer reserved up front.
struct EditWriter {
  private(set) var bytes: [UInt8]

  /// A writer whose buffer holds `capacity` bytes before it grows, starting with the magic.
  init(capacity: Int) {
    bytes = []
    bytes.reserveCapacity(capacity)
    bytes.append(EditCoding.magic)
  }

  /// The most bytes ``edit(_:)`` writes for `edit`, so one reservation holds all of them.
  /// - Complexity: O(1), or O(c) for c categories.
  static func maximumSize(of edit: ListEdit) -> Int {
    switch edit {
    case .insert(let entry, _, _), .remove(let entry, _, _): 1 + size(of: entry) + 10 + 17
    case .update(let old, let new): 1 + size(of: old) + size(of: new)
    case .categories(let old, let new):
      1 + 20 + [old, new].joined().reduce(0) { $0 + size(of: $1.name) + 3 }
    case .title(let old, let new): 1 + size(of: old) + size(of: new)
    case .keepSorted(let old, let new): 1 + size(of: old) + size(of: new)
    }
  }

  private static func size(of text: String) -> Int { 10 + text.utf8.count }

  private static func size(of entry: Entry) -> Int {
    16 + size(of: entry.text) + 1 + (entry.category.map(size(of:)) ?? 0) + 16
  }

  private static func size(of order: EntryOrder?) -> Int {
    1 + (order.map { 2 + size(of: $0.locale) } ?? 0)
  }

  /// Writes one edit: its tag, then its fields.
  mutating func edit(_ edit: ListEdit) {
    switch edit {
    case .insert(let entry, let offset, let after):
      tag(.insert)
      placed(entry, offset: offset, after: after)
    case .remove(let entry, let offset, let after):
      tag(.remove)
      placed(entry, offset: offset, after: after)
    case .update(let old, let new):
      tag(.update)
      self.entry(old)
      self.entry(new)
    case .categories(let old, let new):
      tag(.categories)
      categories(old)
      categories(new)
    case .title(let old, let new):
      tag(.title)
      text(old)
      text(new)
    case .keepSorted(let old, let new):
      tag(.keepSorted)
      order(old)
      order(new)
    }
  }

  /// An unsigned LEB128 varint: 7 bits a byte, low bits first.
  mutating func varint(_ value: UInt64) {
    var rest = value
    while rest >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
      rest >>= 7
    }
    bytes.append(UInt8(rest))
  }

  private mutating func tag(_ tag: EditCoding.Tag) { bytes.append(tag.rawValue) }

  private mutating func placed(_ entry: Entry, offset: Int, after: UUID?) {
    self.entry(entry)
    // Zigzag: small negative offsets stay short too.
    let signed = Int64(offset)
    varint(UInt64(bitPattern: (signed << 1) ^ (signed >> 63)))
    if let after {
      bytes.append(1)
      id(after)
    } else {
      bytes.append(0)
    }
  }

  private mutating func entry(_ entry: Entry) {
    id(entry.id)
    text(entry.text)
    if let category = entry.category {
      bytes.append(1)
      text(category)
    } else {
      bytes.append(0)
    }
    date(entry.created)
    date(entry.updated)
  }

  private mutating func categories(_ categories: [EntryCategory]) {
    varint(UInt64(categories.count))
    for category in categories {
      text(category.name)
      bytes.append(category.color.red)
      bytes.append(category.color.green)
      bytes.append(category.color.blue)
    }
  }

  private mutating func order(_ order: EntryOrder?) {
    guard let order else {
      bytes.append(0)
      return
    }
    bytes.append(1)
    bytes.append(order.field == .text ? 0 : 1)
    bytes.append(order.descending ? 1 : 0)
    text(order.locale)
  }

  private mutating func id(_ id: UUID) {
    withUnsafeBytes(of: id.uuid) { bytes.append(contentsOf: $0) }
  }

  private mutating func text(_ text: String) {
    let utf8 = text.utf8
    varint(UInt64(utf8.count))
    bytes.append(contentsOf: utf8)
  }

  private mutating func date(_ date: Date) {
    withUnsafeBytes(of: date.timeIntervalSinceReferenceDate.bitPattern.littleEndian) {
      bytes.append(contentsOf: $0)
    }
  }
}
