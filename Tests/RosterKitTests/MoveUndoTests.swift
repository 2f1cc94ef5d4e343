import Foundation
import RosterKit
import Testing

/// Undoing or redoing a move puts the entry back as the list has it now: a text another
/// writer changed since the move survives, as it does in the stores.
@Suite struct MoveUndoTests {
  @Test func undoingAMoveKeepsATextChangedElsewhere() throws {
    let list = try makeList(["Anna", "Berta", "Cem"])
    let cem = list[2]
    try list.move(id: cem.id, toOffset: 0)
    // Another writer renames Cem meanwhile.
    var renamed = cem
    renamed.text = "Cemal"
    list.apply([.update(old: cem, new: renamed)])
    list.undo()
    #expect(list.entries.map(\.text) == ["Anna", "Berta", "Cemal"])
    list.redo()
    #expect(list.entries.map(\.text) == ["Cemal", "Anna", "Berta"])
  }

  @Test func undoingAMoveOfSeveralEntriesKeepsTheirTexts() throws {
    let list = try makeList(["Anna", "Berta", "Cem", "Dora"])
    let ids = list.entries.map(\.id)
    list.move(fromOffsets: IndexSet([2, 3]), toOffset: 0)
    for (id, text) in [(ids[2], "Cemal"), (ids[3], "Dorothea")] {
      let old = try #require(list.entry(id: id))
      var new = old
      new.text = text
      list.apply([.update(old: old, new: new)])
    }
    list.undo()
    #expect(list.entries.map(\.text) == ["Anna", "Berta", "Cemal", "Dorothea"])
  }
}
