import Foundation
import RosterKit
import Testing

/// The always-present empty last row of the "list of text fields" design.
@Suite struct EditableRowsTests {
  @Test func draftRowReadsEmptyOnePastTheEnd() throws {
    let list = try makeList(["Ama", "Kofi"])
    let rows = list.editableRows
    #expect(rows.count == 3)
    #expect(rows[0] == "Ama")
    #expect(rows[2] == "")
    #expect(rows.isDraft(2))
    #expect(!rows.isDraft(1))
  }

  @Test func typingIntoTheDraftAppendsWithAFreshIDAndKeepsTyping() throws {
    let list = try makeList(["Ama"])
    let rows = list.editableRows
    let created = try #require(try rows.setText("K", at: 1))
    #expect(list.count == 2)
    #expect(rows.count == 3)
    // The person keeps typing in the same field, which is now row 1: the same entry grows.
    let grown = try #require(try rows.setText("Kofi", at: 1))
    #expect(grown.id == created.id)
    #expect(list.entries.map(\.text) == ["Ama", "Kofi"])
    // Creating and typing the word is one undo step.
    list.undo()
    #expect(list.entries.map(\.text) == ["Ama"])
  }

  @Test func emptyTextInTheDraftDoesNothing() throws {
    let list = try makeList(["Ama"])
    var reports = 0
    list.addObserver { _ in reports += 1 }
    #expect(try list.editableRows.setText("   ", at: 1) == nil)
    #expect(list.count == 1)
    #expect(reports == 0)
    // Nor was an undo step recorded: one undo takes back the add of “Ama”, and that is all.
    list.undo()
    #expect(list.count == 0)
    #expect(!list.canUndo)
  }

  @Test(arguments: [-1, 3, 4, 1_000, Int.max, Int.min])
  func staleOffsetsNeverTrap(offset: Int) throws {
    let list = try makeList(["Ama", "Kofi"])
    let rows = list.editableRows
    #expect(rows[offset] == "")
    #expect(rows.isDraft(offset))
    #expect(throws: RosterError.self) { try rows.setText("Yaw", at: offset) }
    #expect(list.entries.map(\.text) == ["Ama", "Kofi"])
  }

  @Test func invalidTextIsRefusedAndNothingChanges() throws {
    let list = try makeList(["Ama"])
    #expect(throws: RosterError.self) { try list.editableRows.setText("A\u{0}b", at: 0) }
    #expect(throws: RosterError.self) { try list.editableRows.setText("A\nb", at: 1) }
    #expect(list.entries.map(\.text) == ["Ama"])
    #expect(list.count == 1)
  }
}
