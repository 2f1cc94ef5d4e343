import Foundation
import Testing

@testable import RosterKit

/// Sorting a list and keeping it sorted, with the scalar collation (ICU's are tested in
/// RosterCollationTests).
@Suite struct SortingTests {
  let collation = ScalarCollation()

  @Test func sortIsOneUndoStepThatRestoresEveryPosition() throws {
    let list = try makeList(["d", "b", "a", "c", "b"])
    let before = Array(list.entries)
    let change = list.sort(EntryOrder(), collation: collation)
    #expect(list.entries.map(\.text) == ["a", "b", "b", "c", "d"])
    #expect(change.origin == .action)
    list.undo()
    #expect(Array(list.entries) == before)
    list.redo()
    #expect(list.entries.map(\.text) == ["a", "b", "b", "c", "d"])
  }

  @Test func preparedEntriesGoToTheirPlacesInAListKeptSorted() throws {
    let list = try makeList(["b", "d"])
    func entry(_ text: String, _ category: String? = nil) -> Entry {
      Entry(id: UUID(), text: text, category: category, created: Date())
    }
    let ends = [entry("e"), entry("a")]
    list.append(prepared: ends)
    #expect(list.entries.map(\.text) == ["b", "d", "e", "a"], "not kept sorted: at the end")
    list.undo()
    list.setKeepSorted(EntryOrder(), collation: collation)
    let new = CategoryRules(list.categories).creating("X")
    let tie = entry("b")
    let change = list.append(prepared: [entry("e"), entry("a", "X"), tie], after: new)
    #expect(list.entries.map(\.text) == ["a", "b", "b", "d", "e"])
    #expect(list.entry(at: 2)?.id == tie.id, "a tie goes after the entry already there")
    #expect(list.categories.map(\.name) == ["X"])
    #expect(change.edits.count == 4)
    list.undo()
    #expect(list.entries.map(\.text) == ["b", "d"])
    #expect(list.categories.isEmpty)
  }

  @Test func onlyEntriesOffTheLongestOrderedRunMove() throws {
    let list = try makeList(["a", "b", "z", "c", "d", "e"])
    let change = list.sort(EntryOrder(), collation: collation)
    #expect(change.insertedIDs.map { list.entry(id: $0)!.text } == ["z"])
    #expect(list.sort(EntryOrder(), collation: collation).edits.isEmpty)
    #expect(list.undo() != nil)
    #expect(list.entries.map(\.text) == ["a", "b", "z", "c", "d", "e"])
  }

  @Test func reverseSortKeepsTiesInTheirOrder() throws {
    let list = try makeList(["b", "a", "b", "c"])
    let firstB = list[0].id
    let secondB = list[2].id
    list.sort(EntryOrder(descending: true), collation: collation)
    #expect(list.entries.map(\.text) == ["c", "b", "b", "a"])
    #expect(list[1].id == firstB && list[2].id == secondB)
  }

  @Test func lastWordComparesTheFamilyNameThenTheWholeText() throws {
    let list = try makeList(["Zed Brown", "Amy Clark", "Bob Brown", "Cher"])
    list.sort(EntryOrder(field: .lastWord), collation: collation)
    #expect(list.entries.map(\.text) == ["Bob Brown", "Zed Brown", "Cher", "Amy Clark"])
    #expect(EntryOrder(field: .lastWord).sortedPart(of: "María José García") == "García")
    #expect(EntryOrder(field: .lastWord).sortedPart(of: "Cher") == "Cher")
  }

  @Test func theEditsReplayOnACopy() throws {
    var generator = SystemRandomNumberGenerator()
    let texts = (0..<500).map { _ in String(Int.random(in: 0..<200, using: &generator)) }
    let list = try makeList(texts)
    let copy = RosterList(title: "Copy", rule: .text, entries: Array(list.entries))
    let change = list.sort(EntryOrder(field: .lastWord), collation: collation)
    copy.apply(change.edits)
    #expect(Array(copy.entries) == Array(list.entries))
    let undone = try #require(list.undo())
    copy.apply(undone.edits)
    #expect(Array(copy.entries) == Array(list.entries))
  }

  @Test func undoOfASortOfAHundredThousandEntries() throws {
    var generator = SystemRandomNumberGenerator()
    let entries = (0..<100_000).map { _ in
      Entry(
        id: UUID(), text: "n\(UInt32.random(in: 0...UInt32.max, using: &generator))",
        created: Date(timeIntervalSince1970: 0))
    }
    let list = RosterList(title: "Big", rule: .text, entries: entries)
    let change = list.sort(EntryOrder(), collation: collation)
    #expect(change.insertedIDs.count > 90_000)
    let keys = list.entries.map { collation.sortKey(for: $0.text[...]) }
    #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 <= $1 })
    #expect(list.tree.invariantViolations() == [])
    list.undo()
    #expect(Array(list.entries) == entries)
    #expect(list.tree.invariantViolations() == [])
    list.redo()
    #expect(
      list.entries.map(\.text)
        == entries.map(\.text).sorted {
          $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars)
        })
  }

  @Test func aLargeSortRebuildsTheTreeAndKeepsItsInvariants() throws {
    let texts = (0..<2_000).map { "t\(($0 * 7_919) % 2_000)" }
    let list = try makeList(texts, leafCapacity: 3, innerCapacity: 3)
    let copy = RosterList(title: "Copy", rule: .text, entries: Array(list.entries))
    let change = list.sort(EntryOrder(descending: true), collation: collation)
    #expect(RosterList.rebuilds(moves: change.insertedIDs.count, count: list.count))
    #expect(list.tree.invariantViolations() == [])
    #expect(list.offset(of: list[1_234].id) == 1_234)
    copy.apply(change.edits)
    #expect(Array(copy.entries) == Array(list.entries))
    try list.insert("new", at: 700)
    #expect(list[700].text == "new")
    list.undo()
    list.undo()
    #expect(list.entries.map(\.text) == texts)
    #expect(list.tree.invariantViolations() == [])
  }

  @Test func movesOfAnotherShapeOrAnotherListAreRefusedWhole() throws {
    let list = try makeList(["a", "b", "c"])
    let before = Array(list.entries)
    let (a, c) = (list[0], list[2])
    // Removes not from the back first, an insert of an entry never removed, a wrong offset.
    let shapes: [[ListEdit]] = [
      [
        .remove(a, offset: 0, after: nil), .remove(c, offset: 2, after: nil),
        .insert(a, offset: 0, after: nil), .insert(c, offset: 1, after: nil),
      ],
      [.remove(a, offset: 0, after: nil), .insert(c, offset: 0, after: nil)],
      [.remove(a, offset: 1, after: nil), .insert(a, offset: 0, after: nil)],
      [.remove(c, offset: 2, after: nil), .insert(c, offset: 5, after: nil)],
    ]
    for edits in shapes {
      #expect(list.performMoves(edits) == nil)
      #expect(Array(list.entries) == before)
    }
    let moved = try #require(
      list.performMoves([.remove(c, offset: 2, after: nil), .insert(c, offset: 0, after: nil)]))
    #expect(list.entries.map(\.text) == ["c", "a", "b"])
    #expect(moved == [.remove(c, offset: 2, after: list[2].id), .insert(c, offset: 0, after: nil)])
  }

  @Test func aKeptSortedListPlacesNewAndEditedEntriesAndRefusesMoves() throws {
    let list = try makeList(["c", "a"])
    list.setKeepSorted(EntryOrder(), collation: collation)
    #expect(list.entries.map(\.text) == ["a", "c"])
    #expect(list.keepSorted == EntryOrder())
    try list.append("b")
    try list.insert("d", at: 0)
    try list.append(contentsOf: ["bb", "0"])
    #expect(list.entries.map(\.text) == ["0", "a", "b", "bb", "c", "d"])
    try list.updateText(of: list[0].id, to: "e")
    #expect(list.entries.map(\.text) == ["a", "b", "bb", "c", "d", "e"])
    #expect(throws: RosterError.keptSorted("Test", EntryOrder())) {
      try list.move(id: list[0].id, toOffset: 2)
    }
    list.move(fromOffsets: [0], toOffset: 3)
    #expect(list.entries.map(\.text) == ["a", "b", "bb", "c", "d", "e"])
    #expect(list.moveRefusal?.description.contains("turn keep-sorted off") == true)
    // Undoing the edit puts the entry back where it was, with its old text.
    list.undo()
    #expect(list.entries.map(\.text) == ["0", "a", "b", "bb", "c", "d"])
    list.setKeepSorted(nil)
    #expect(list.keepSorted == nil && list.moveRefusal == nil)
    try list.move(id: list[0].id, toOffset: 2)
    #expect(list.entries.map(\.text) == ["a", "b", "0", "bb", "c", "d"])
  }

  @Test func turningKeepSortedOnIsOneStepWithItsSort() throws {
    let list = try makeList(["c", "a", "b"])
    let change = list.setKeepSorted(EntryOrder(descending: true), collation: collation)
    #expect(change.keepSortedChanged)
    #expect(list.entries.map(\.text) == ["c", "b", "a"])
    list.undo()
    #expect(list.keepSorted == nil)
    #expect(list.entries.map(\.text) == ["c", "a", "b"])
  }

  @Test func tiesArriveAfterTheirEquals() throws {
    let list = try makeList(["a", "b"])
    list.setKeepSorted(EntryOrder(), collation: collation)
    let late = try list.append("a")
    #expect(list[1].id == late.id)
  }

  @Test func keysCompareByteWiseAndJoinAsTuples() {
    #expect(SortKey([1, 2]) < SortKey([1, 3]))
    #expect(SortKey([1]) < SortKey([1, 0]))
    #expect(SortKey([]) < SortKey([1]))
    #expect(
      SortKey(SortKey([1]), then: SortKey([9])) < SortKey(SortKey([1, 1]), then: SortKey([0])))
    #expect(RosterList.longestIncreasingRun([2, 0, 1, 3]) == [true, true, false, true])
  }
}
