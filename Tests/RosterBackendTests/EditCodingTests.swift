import Foundation
import RosterBackend
import RosterKit
import RosterTestSupport
import Testing

/// `EditCoding`, the binary encoding of the undo history and the change log: every edit comes
/// back exactly, and no malformed bytes crash the reader.
@Suite struct EditCodingTests {
  static let texts = [
    "", "Anna", "Łukasz Nowak", "Zoë", "Ольга Иванова", "Nguyễn Văn An", "Θάλεια", "李小龍",
    "👩🏽‍🔬 emoji", "e\u{301}", "\u{0}nul", "tab\there", String(repeating: "long ", count: 60),
  ]

  /// Random edits of every case, with empty and non-Latin texts, categories, anchors or none,
  /// offsets from 0 to the extremes of `Int`.
  static func randomEdits(_ count: Int, using random: inout SeededGenerator) -> [ListEdit] {
    func text() -> String { texts.randomElement(using: &random)! }
    func id() -> UUID {
      let bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &random) }
      return bytes.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
    }
    func date() -> Date {
      Date(timeIntervalSinceReferenceDate: Double.random(in: -1e12...1e12, using: &random))
    }
    func entry() -> Entry {
      Entry(
        id: id(), text: text(), category: Bool.random(using: &random) ? text() : nil,
        created: date(), updated: date())
    }
    func offset() -> Int {
      [0, 1, 127, 128, 16_383, 16_384, Int.max, Int.min, -1].randomElement(using: &random)!
        &+ (Bool.random(using: &random) ? Int.random(in: 0...1_000_000, using: &random) : 0)
    }
    func anchor() -> UUID? { Bool.random(using: &random) ? id() : nil }
    func categories() -> [EntryCategory] {
      (0..<Int.random(in: 0...4, using: &random)).map { _ in
        EntryCategory(
          name: text(),
          color: CategoryColor(
            red: .random(in: 0...255, using: &random), green: .random(in: 0...255, using: &random),
            blue: .random(in: 0...255, using: &random)))
      }
    }
    func order() -> EntryOrder? {
      guard Bool.random(using: &random) else { return nil }
      return EntryOrder(
        field: EntryOrder.Field.allCases.randomElement(using: &random)!,
        descending: Bool.random(using: &random),
        locale: ["", "de_DE", "sv", "zh@collation=stroke"]
          .randomElement(using: &random)!)
    }
    return (0..<count).map { _ in
      switch Int.random(in: 0..<6, using: &random) {
      case 0: .insert(entry(), offset: offset(), after: anchor())
      case 1: .remove(entry(), offset: offset(), after: anchor())
      case 2: .update(old: entry(), new: entry())
      case 3: .categories(old: categories(), new: categories())
      case 4: .title(old: text(), new: text())
      default: .keepSorted(old: order(), new: order())
      }
    }
  }

  @Test(arguments: 0..<40 as Range<UInt64>)
  func randomEditsComeBackExactly(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    let edits = Self.randomEdits(Int.random(in: 0...60, using: &random), using: &random)
    let bytes = EditCoding.encode(edits)
    #expect(bytes.first == EditCoding.magic)
    let decoded = try EditCoding.decode(Data(bytes))
    #expect(decoded == edits)
    // The same bytes again: texts keep their exact scalars, not just canonical equivalence.
    #expect(EditCoding.encode(decoded) == bytes)
    #expect(decoded.map(\.textScalars) == edits.map(\.textScalars))
  }

  @Test func anEmptyActionAndOneOfEveryCaseRoundTrip() throws {
    #expect(try EditCoding.decode(Data(EditCoding.encode([]))) == [])
    var random = SeededGenerator(seed: 99)
    let all = Self.randomEdits(600, using: &random)
    #expect(try EditCoding.decode(Data(EditCoding.encode(all))) == all)
  }

  @Test func everyTruncationIsRefused() throws {
    var random = SeededGenerator(seed: 5)
    let bytes = EditCoding.encode(Self.randomEdits(12, using: &random))
    for length in 0..<bytes.count {
      #expect(throws: StoreError.self) { try EditCoding.decode(Data(bytes[..<length])) }
    }
    // One byte too many is refused as well.
    #expect(throws: StoreError.self) { try EditCoding.decode(Data(bytes + [0])) }
  }

  /// Every position set to a few hostile values: the reader throws or returns edits, and never
  /// crashes or reads outside the row.
  @Test func corruptingAnyByteNeverCrashes() throws {
    var random = SeededGenerator(seed: 11)
    let bytes = EditCoding.encode(Self.randomEdits(10, using: &random))
    var refused = 0
    for position in bytes.indices {
      for value: UInt8 in [0x00, 0x01, 0x06, 0x7F, 0x80, 0xFF, bytes[position] ^ 0x5A] {
        var corrupted = bytes
        corrupted[position] = value
        do {
          _ = try EditCoding.decode(Data(corrupted))
        } catch {
          refused += 1
          #expect(error.description.contains("history row is unreadable"))
        }
      }
    }
    #expect(refused > bytes.count)
  }

  @Test func aCorruptedCountReservesNothingHuge() {
    // The magic, then a count of 2⁶³ edits in a row of 11 bytes.
    let bytes: [UInt8] = [EditCoding.magic] + Array(repeating: 0xFF, count: 8) + [0x7F]
    #expect(throws: StoreError.self) { try EditCoding.decode(Data(bytes)) }
    #expect(throws: StoreError.self) {
      try EditCoding.decode(Data([EditCoding.magic, 0x01, 0x09]))
    }
    #expect(throws: StoreError.self) { try EditCoding.decode(Data("[]".utf8)) }
  }
}

extension ListEdit {
  /// Every text the edit carries, as Unicode scalars.
  fileprivate var textScalars: [[Unicode.Scalar]] {
    func scalars(_ entry: Entry) -> [[Unicode.Scalar]] {
      [Array(entry.text.unicodeScalars), Array((entry.category ?? "").unicodeScalars)]
    }
    switch self {
    case .insert(let entry, _, _), .remove(let entry, _, _): return scalars(entry)
    case .update(let old, let new): return scalars(old) + scalars(new)
    case .categories(let old, let new): return (old + new).map { Array($0.name.unicodeScalars) }
    case .title(let old, let new): return [Array(old.unicodeScalars), Array(new.unicodeScalars)]
    case .keepSorted(let old, let new):
      return [old, new].map { Array(($0?.locale ?? "").unicodeScalars) }
    }
  }
}
