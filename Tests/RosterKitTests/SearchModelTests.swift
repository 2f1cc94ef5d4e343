import Foundation
import RosterTestSupport
import Testing

@testable import RosterKit

/// Random edits in many scripts — inserts, removals, moves, text and category changes, undo,
/// redo and external edits — with every search checked against a plain reference after each
/// step: each text folded afresh, scalar by scalar, and searched as an array of scalars.
@Suite struct SearchModelTests {
  static let texts = [
    "Anna", "Łukasz", "Zoë Saldaña", "Zoe\u{308}", "王秀英", "محمد", "Ольга", "Θάλεια", "ＺＯＥ",
    "Søren", "Chloé", "Nguyễn", "Straße", "ǅemal", "Ñandú", "Hanna", "Ama", "Kofi", "Ǆ", "",
  ]
  static let queries = [
    "", " ", "zoe", "ZOE", "a", "an", "anna", "ß", "ss", "ñ", "n", "王", "ΘΆΛ", "é", "oe",
    "saldana", "ольга", "x", "dž", "\u{308}", "na zo",
  ]

  /// Whether `text` contains `query` the way the list's search defines it.
  static func referenceMatches(_ text: String, _ query: String) -> Bool {
    func fold(_ text: String) -> String {
      text.folding(
        options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }
    let needle = Array(fold(query.trimmingCharacters(in: .whitespaces)).unicodeScalars)
    if needle.isEmpty { return true }
    let haystack = text.unicodeScalars.flatMap { scalar -> [Unicode.Scalar] in
      if scalar.isASCII { return Array(String(scalar).lowercased().unicodeScalars) }
      return Array(fold(String(scalar)).unicodeScalars)
    }
    guard haystack.count >= needle.count else { return false }
    return (0...(haystack.count - needle.count)).contains {
      haystack[$0..<($0 + needle.count)].elementsEqual(needle)
    }
  }

  @Test(arguments: [(11, 2, 3), (12, 3, 4), (13, 128, 64)] as [(UInt64, Int, Int)])
  func searchesMatchReference(seed: UInt64, leafCapacity: Int, innerCapacity: Int) throws {
    var random = SeededGenerator(seed: seed)
    let list = try makeList(leafCapacity: leafCapacity, innerCapacity: innerCapacity)
    let categories: [String?] = [nil, "Staff", "Guests"]
    var external = 0

    for step in 0..<1_500 {
      let count = list.count
      let text = Self.texts.randomElement(using: &random)!
      switch Int.random(in: 0..<100, using: &random) {
      case 0..<30:
        let category = categories.randomElement(using: &random)!
        _ = try? list.insert(
          text, category: category, at: Int.random(in: 0...count, using: &random))
      case 30..<40 where count > 0:
        try list.remove(id: list[Int.random(in: 0..<count, using: &random)].id)
      case 40..<50 where count > 0:
        let from = Int.random(in: 0..<count, using: &random)
        try list.move(id: list[from].id, toOffset: Int.random(in: 0..<count, using: &random))
      case 50..<62 where count > 0:
        let id = list[Int.random(in: 0..<count, using: &random)].id
        _ = try? list.updateText(of: id, to: text)
      case 62..<68 where count > 0:
        let id = list[Int.random(in: 0..<count, using: &random)].id
        try list.setCategory(of: id, to: categories.randomElement(using: &random)!)
      case 68..<80:
        list.undo()
      case 80..<88:
        list.redo()
      case 88..<100 where count > 0:
        // Edits from elsewhere: a replaced text, a removal and an insertion, as a store sends.
        external += 1
        let victim = list[Int.random(in: 0..<count, using: &random)]
        var renamed = list[Int.random(in: 0..<count, using: &random)]
        renamed.text = text
        let fresh = Entry(
          id: SequentialIDs.id(0x1_0000 + UInt64(external)), text: text,
          created: Date(timeIntervalSince1970: 0))
        list.apply([
          .update(old: renamed, new: renamed),
          .remove(victim, offset: 0, after: nil),
          .insert(fresh, offset: Int.random(in: 0...count, using: &random), after: nil),
        ])
      default:
        break
      }

      #expect(list.tree.invariantViolations() == [], "step \(step)")
      let query = Self.queries.randomElement(using: &random)!
      let category = categories.randomElement(using: &random)!
      let expected = list.entries.enumerated().filter { offset, entry in
        (category == nil || entry.category == category)
          && Self.referenceMatches(entry.text, query)
      }.map(\.offset)
      let results = list.search(query, category: category)
      let found = results.map(\.offset)
      let label = "step \(step): \(query.debugDescription) in \(category ?? "all")"
      #expect(found == expected, "\(label)")
      #expect(results.offsets == expected, "\(label)")
      #expect(results.ids == expected.map { list[$0].id }, "\(label)")
      #expect(results.allSatisfy { $0.entry == list[$0.offset] }, "\(label)")
    }
  }

  @Test func everyQueryAgainstEveryText() throws {
    let list = try makeList(Self.texts.filter { !$0.isEmpty }, leafCapacity: 3, innerCapacity: 3)
    for query in Self.queries {
      let expected = list.entries.enumerated().filter {
        Self.referenceMatches($0.element.text, query)
      }.map(\.offset)
      #expect(list.search(query).map(\.offset) == expected, "\(query.debugDescription)")
      #expect(list.search(query).offsets == expected, "\(query.debugDescription)")
    }
  }

  @Test func aMatchNeverSpansTwoTexts() throws {
    let list = try makeList(["Ann", "Abel"])
    #expect(list.search("na").map(\.offset).isEmpty)
    #expect(list.search("nn").map(\.offset) == [0])
    #expect(list.search("nnab").map(\.offset).isEmpty)
    #expect(list.search("na").ids.isEmpty)
    #expect(list.search("nn").ids == [list[0].id])
  }

  /// A text with the query twice is one match; a search stopped early hands out the first
  /// matches, leaf by leaf.
  @Test func eachTextMatchesOnceAndPrefixesStopEarly() throws {
    let texts = (0..<40).map { $0 % 3 == 0 ? "Anna Hanna \($0)" : "Kofi \($0)" }
    let list = try makeList(texts, leafCapacity: 4, innerCapacity: 3)
    let expected = texts.indices.filter { $0 % 3 == 0 }
    #expect(list.search("anna").offsets == expected)
    #expect(list.search("n").ids == expected.map { list[$0].id })
    #expect(list.search("an").prefix(5).map(\.offset) == Array(expected.prefix(5)))
    #expect(list.search("").offsets == Array(texts.indices))
  }

  /// The search looks for a query's first byte eight bytes at a time: a match is found at every
  /// position of a word and in the bytes after the last whole word.
  @Test(arguments: [2, 3, 64]) func aMatchIsFoundAtEveryByteOfALeaf(leafCapacity: Int) throws {
    let texts = (0..<30).map {
      String(repeating: "b", count: $0) + "q" + String(repeating: "c", count: $0 % 5)
    }
    let list = try makeList(texts, leafCapacity: leafCapacity, innerCapacity: 3)
    #expect(list.search("q").offsets == Array(texts.indices))
    #expect(list.search("bq").offsets == Array(1..<30))
    #expect(list.search("qc").offsets == texts.indices.filter { $0 % 5 != 0 })
    #expect(list.search("x").offsets.isEmpty)
  }

  /// Iterating matches while the list changes underneath never reads past a leaf's entries:
  /// every entry handed out after the change is still in the list, none twice, and the
  /// iteration ends. (Iterators read each leaf's entries in place.)
  @Test func iteratingWhileTheListShrinksNeverReadsPastALeaf() throws {
    let texts = (0..<60).map { "Anna \($0)" }
    let list = try makeList(texts, leafCapacity: 8, innerCapacity: 3)
    var iterator = list.search("anna").makeIterator()
    var handedOut: [UUID] = []
    for _ in 0..<3 {
      let match = iterator.next()
      handedOut.append(try #require(match).entry.id)
    }
    // Shrinks the leaf being read to its first entry, and empties many after it.
    list.remove(atOffsets: IndexSet(integersIn: 1..<50))
    var steps = 0
    while let match = iterator.next(), steps <= 60 {
      #expect(list.entry(id: match.entry.id) == match.entry)
      handedOut.append(match.entry.id)
      steps += 1
    }
    #expect(steps <= 60)
    #expect(Set(handedOut).count == handedOut.count)
  }
}
