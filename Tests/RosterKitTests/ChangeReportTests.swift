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
}
