import Foundation
import RosterKit
import Testing

/// ``RosterKit/RosterList/takeBack(_:)``: a change a store refused leaves the list and its
/// undo history as if it had not been made.
@Suite struct TakeBackTests {
  /// The last change `list` reports while `body` runs.
  private func lastChange(of list: RosterList, _ body: () throws -> Void) throws -> ListChange {
    var last: ListChange?
    let token = list.addObserver { last = $0 }
    defer { list.removeObserver(token) }
    try body()
    return try #require(last)
  }

  @Test func aTakenBackAddLeavesNoEntryAndNoStep() throws {
    let list = try makeList(["Anna", "Berta"])
    let refused = try lastChange(of: list) { try list.append("Zoë") }
    let report = list.takeBack(refused)
    #expect(report.origin == .external)
    #expect(list.entries.map(\.text) == ["Anna", "Berta"])
    // Undo now takes back Berta, the action before.
    list.undo()
    #expect(list.entries.map(\.text) == ["Anna"])
  }

  @Test func aTakenBackKeystrokeLeavesTheTypingBefore() throws {
    let list = try makeList(["Anna"])
    let rows = list.editableRows
    try rows.setText("C", at: 1)
    try rows.setText("Ca", at: 1)
    let refused = try lastChange(of: list) { try rows.setText("Car", at: 1) }
    list.takeBack(refused)
    #expect(list.entries.map(\.text) == ["Anna", "Ca"])
    list.undo()
    #expect(list.entries.map(\.text) == ["Anna"], "the insert and the kept typing, one step")
    list.undo()
    #expect(list.isEmpty, "then the list's own first entry")
  }

  @Test func aTakenBackInsertTakesItsStepWithItEvenAfterMoreTyping() throws {
    let list = try makeList(["Anna"])
    let rows = list.editableRows
    let insert = try lastChange(of: list) { try rows.setText("C", at: 1) }
    try rows.setText("Ca", at: 1)
    list.takeBack(insert)
    #expect(list.entries.map(\.text) == ["Anna"])
    list.undo()
    #expect(list.isEmpty, "the typing that joined the insert went with it")
  }

  @Test func aTakenBackRenameRestoresTheTitle() throws {
    let list = try makeList()
    let refused = try lastChange(of: list) { try list.rename(to: "Guests") }
    list.takeBack(refused)
    #expect(list.title == "Test")
    #expect(!list.canUndo)
  }

  @Test func aTakenBackUndoPutsTheStepBackOnTheUndoStack() throws {
    let list = try makeList(["Anna"])
    try list.append("Berta")
    let refused = try #require(list.undo())
    list.takeBack(refused)
    #expect(list.entries.map(\.text) == ["Anna", "Berta"])
    #expect(!list.canRedo)
    list.undo()
    #expect(list.entries.map(\.text) == ["Anna"])
  }

  @Test func aTakenBackRedoPutsTheStepBackOnTheRedoStack() throws {
    let list = try makeList(["Anna"])
    try list.append("Berta")
    list.undo()
    let refused = try #require(list.redo())
    list.takeBack(refused)
    #expect(list.entries.map(\.text) == ["Anna"])
    #expect(list.canRedo)
    list.redo()
    #expect(list.entries.map(\.text) == ["Anna", "Berta"])
  }

  @Test func aTakeBackAskedForByAnObserverComesAfterEveryObserverHeardTheChange() throws {
    let list = try makeList(["Anna"])
    var heard: [(observer: String, origin: ListChange.Origin, count: Int)] = []
    var refusedOnce = false
    // The first observer is the store: it refuses the add while the others still wait.
    list.addObserver { change in
      heard.append(("store", change.origin, change.edits.count))
      if change.origin == .action, !refusedOnce {
        refusedOnce = true
        list.takeBack(change) { heard.append(("then", .external, list.count)) }
      }
    }
    list.addObserver { change in heard.append(("view", change.origin, change.edits.count)) }
    try list.append("Zoë")
    #expect(heard.map(\.observer) == ["store", "view", "store", "view", "then"])
    #expect(heard.map(\.origin) == [.action, .action, .external, .external, .external])
    #expect(list.entries.map(\.text) == ["Anna"])
  }
}
