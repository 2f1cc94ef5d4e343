import Foundation
import RosterKit

/// Reads ``EditCoding``'s bytes back, checking every length against what is left so that no
/// read goes past the end: malformed bytes throw, never crash.
struct EditReader {
  private let raw: UnsafeRawBufferPointer
  private var position = 0

  init(_ raw: UnsafeRawBufferPointer) {
    self.raw = raw
  }

  /// The whole encoding: the magic, the count, that many edits, nothing after them.
  /// - Complexity: O(k + m) for k edits with m bytes of text.
  mutating func edits() throws(StoreError) -> [ListEdit] {
    guard try byte() == EditCoding.magic else { throw failure("it does not start as edits do") }
    // The shortest edit (a title or keep-sorted change of nothing to nothing) takes 3 bytes.
    let count = try count(eachAtLeast: 3)
    var edits: [ListEdit] = []
    edits.reserveCapacity(count)
    for _ in 0..<count { edits.append(try edit()) }
    guard position == raw.count else { throw failure("bytes follow its last edit") }
    return edits
  }

  private mutating func edit() throws(StoreError) -> ListEdit {
    let at = position
    guard let tag = EditCoding.Tag(rawValue: try byte()) else {
      position = at
      throw failure("an edit has an unknown kind")
    }
    switch tag {
    case .insert:
      let (entry, offset, after) = try placed()
      return .insert(entry, offset: offset, after: after)
    case .remove:
      let (entry, offset, after) = try placed()
      return .remove(entry, offset: offset, after: after)
    case .update: return .update(old: try entry(), new: try entry())
    case .categories: return .categories(old: try categories(), new: try categories())
    case .title: return .title(old: try text(), new: try text())
    case .keepSorted: return .keepSorted(old: try order(), new: try order())
    }
  }

  private mutating func placed() throws(StoreError) -> (Entry, Int, UUID?) {
    let entry = try entry()
    let zigzag = try varint()
    let signed = Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1)
    guard let offset = Int(exactly: signed) else { throw failure("an offset is out of range") }
    let after = try flag() ? try id() : nil
    return (entry, offset, after)
  }

  private mutating func entry() throws(StoreError) -> Entry {
    let id = try id()
    let text = try text()
    let category = try flag() ? try self.text() : nil
    let created = try date()
    return Entry(id: id, text: text, category: category, created: created, updated: try date())
  }

  private mutating func categories() throws(StoreError) -> [EntryCategory] {
    let count = try count(eachAtLeast: 4)
    var categories: [EntryCategory] = []
    categories.reserveCapacity(count)
    for _ in 0..<count {
      let name = try text()
      let rgb = try take(3)
      let color = CategoryColor(red: raw[rgb], green: raw[rgb + 1], blue: raw[rgb + 2])
      categories.append(EntryCategory(name: name, color: color))
    }
    return categories
  }

  private mutating func order() throws(StoreError) -> EntryOrder? {
    guard try flag() else { return nil }
    let field: EntryOrder.Field
    switch try byte() {
    case 0: field = .text
    case 1: field = .lastWord
    default:
      position -= 1
      throw failure("a sort order has an unknown field")
    }
    return EntryOrder(field: field, descending: try flag(), locale: try text())
  }

  // MARK: Fields

  /// A presence or yes/no byte: 0 or 1, nothing else.
  private mutating func flag() throws(StoreError) -> Bool {
    switch try byte() {
    case 0: return false
    case 1: return true
    default:
      position -= 1
      throw failure("a yes/no byte is neither")
    }
  }

  private mutating func id() throws(StoreError) -> UUID {
    let start = try take(16)
    return UUID(uuid: raw.loadUnaligned(fromByteOffset: start, as: uuid_t.self))
  }

  private mutating func text() throws(StoreError) -> String {
    let count = try length()
    let start = try take(count)
    let bytes = UnsafeRawBufferPointer(rebasing: raw[start..<(start + count)])
    guard let text = String(validating: bytes, as: UTF8.self) else {
      position = start
      throw failure("a text is not UTF-8")
    }
    return text
  }

  private mutating func date() throws(StoreError) -> Date {
    let start = try take(8)
    let bits = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start, as: UInt64.self))
    return Date(timeIntervalSinceReferenceDate: Double(bitPattern: bits))
  }

  /// A byte length, which cannot exceed the bytes left.
  private mutating func length() throws(StoreError) -> Int {
    try count(eachAtLeast: 1)
  }

  /// A number of items that take at least `size` bytes each, so that they fit in the bytes
  /// left: a corrupted count never reserves more memory than the row's size warrants.
  private mutating func count(eachAtLeast size: Int) throws(StoreError) -> Int {
    let at = position
    let value = try varint()
    guard value <= UInt64((raw.count - position) / size) else {
      position = at
      throw failure("a count or length runs past the end")
    }
    return Int(value)
  }

  /// An unsigned LEB128 varint of at most 64 bits.
  private mutating func varint() throws(StoreError) -> UInt64 {
    let at = position
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      let byte = try byte()
      guard shift < 63 || byte <= 1 else {
        position = at
        throw failure("a number is too large")
      }
      value |= UInt64(byte & 0x7F) << shift
      if byte < 0x80 { return value }
      shift += 7
    }
  }

  private mutating func byte() throws(StoreError) -> UInt8 {
    raw[try take(1)]
  }

  /// Moves past `count` bytes and returns where they start.
  private mutating func take(_ count: Int) throws(StoreError) -> Int {
    guard count <= raw.count - position else { throw failure("it ends too early") }
    defer { position += count }
    return position
  }

  private func failure(_ reason: String) -> StoreError {
    .database(
      "The database's history row is unreadable: \(reason) (byte \(position) of \(raw.count)).")
  }
}
