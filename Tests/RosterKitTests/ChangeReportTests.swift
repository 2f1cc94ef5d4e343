import Foundation
import RosterKit
import Testing

@Suite struct ChangeReportTests {
  func reports(_ list: RosterList, _ body: () throws -> Void) rethrows -> [ListChange] {
    var changes: [ListChange] = []
    let token = list.addObserver { changes.append($0) }
    defer { list.removeObserver(token) }
    try body()
    return changes
  }

  @Test func appendReportsOneInsertion() throws {
    let list = try makeList(["a"])
    let changes = try reports(list) { try list.append("b") }
    #expect(changes.map(\.splices) == [[Splice(offset: 1, removed: 0, inserted: 1)]])
    #expect(changes[0].insertedIDs == [list[1].id])
    #expect(changes[0].origin == .action)
  }

  @Test func contiguousDeleteIsOneSplice() throws {
    let list = try makeList(["a", "b", "c", "d"])
    let changes = reports(list) { list.remove(atOffsets: [1, 2]) }
    #expect(changes[0].splices == [Splice(offset: 1, removed: 2, inserted: 0)])
    #expect(Set(changes[0].removedIDs).count == 2)
  }

  @Test func moveReportsRemovalThenInsertion() throws {
    let list = try makeList(["a", "b", "c", "d"])
    let changes = try reports(list) { try list.move(id: list[0].id, toOffset: 3) }
    #expect(list.entries.map(\.text) == ["b", "c", "d", "a"])
    #expect(
      changes[0].splices == [
        Splice(offset: 0, removed: 1, inserted: 0), Splice(offset: 3, removed: 0, inserted: 1),
      ])
    #expect(changes[0].combinedSplice == Splice(offset: 0, removed: 4, inserted: 4))
  }

  @Test func textEditIsAnUpdateNotASplice() throws {
    let list = try makeList(["a"])
    let changes = try reports(list) { try list.updateText(of: list[0].id, to: "b") }
    #expect(changes[0].splices.isEmpty)
    #expect(changes[0].updatedIDs == [list[0].id])
    #expect(changes[0].combinedSplice == nil)
  }

  @Test func refusedActionsReportNothing() throws {
    let list = try makeList(["a"])
    let changes = reports(list) {
      #expect(throws: RosterError.self) { try list.append("") }
      #expect(throws: RosterError.self) { try list.remove(ids: [list[0].id, UUID()]) }
      #expect(throws: RosterError.self) { try list.insert("x", at: 5) }
    }
    #expect(changes.isEmpty)
    #expect(list.count == 1)
  }

  @Test func undoAndExternalEditsAreReportedWithTheirOrigin() throws {
    let list = try makeList(["a"])
    let changes = try reports(list) {
      try list.append("b")
      list.undo()
      list.redo()
      list.apply([.remove(list[0], offset: 0, after: nil)])
    }
    #expect(changes.map(\.origin) == [.action, .undo, .redo, .external])
  }

  @Test func observersHearEachActionInTheOrderAddedUntilRemoved() throws {
    let list = try makeList(["a"])
    var heard: [String] = []
    let first = list.addObserver { heard.append("first \($0.splices)") }
    list.addObserver { heard.append("second \($0.splices)") }
    try list.append("b")
    list.removeObserver(first)
    try list.move(id: list[0].id, toOffset: 1)
    list.removeObserver(first)
    try list.updateText(of: list[0].id, to: "c")
    #expect(
      heard == [
        "first [@1 -0 +1]", "second [@1 -0 +1]", "second [@0 -1 +0, @1 -0 +1]", "second []",
      ])
  }

  @Test func singleEntryActionsReportTheirEditsWithEntriesAsStored() throws {
    let list = try makeList(["a", "b"])
    let a = list[0]
    let b = list[1]
    var updated: Entry?
    var added: Entry?
    let changes = try reports(list) {
      updated = try list.updateText(of: a.id, to: "aa")
      #expect(updated == list[0])
      #expect(try list.remove(id: a.id) == updated)
      added = try list.insert("c", category: "Staff", at: 1)
      #expect(added == list[1])
      try list.move(id: b.id, toOffset: 1)
    }
    let new = try #require(updated)
    let c = try #require(added)
    #expect(new.id == a.id && new.text == "aa" && new.created == a.created)
    #expect(new.updated > a.updated)
    #expect(changes.count == 4)
    #expect(changes[0].edits == [.update(old: a, new: new)])
    #expect(changes[1].edits == [.remove(new, offset: 0, after: nil)])
    #expect(changes[2].edits.last == .insert(c, offset: 1, after: b.id))
    #expect(changes[2].categoriesChanged)
    #expect(
      changes[3].edits == [.remove(b, offset: 0, after: nil), .insert(b, offset: 1, after: c.id)])
    #expect(changes.allSatisfy { $0.origin == .action })
    #expect(list.entries.map(\.text) == ["c", "b"])
  }
}
