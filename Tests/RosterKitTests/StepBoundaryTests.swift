import Foundation
import RosterKit
import Testing

/// Where one undo step ends is decided once, by the list's history, and reported with every
/// change (``RosterKit/ListChange/joinsPreviousStep``) so that a store keeps the same steps.
@Suite struct StepBoundaryTests {
  /// The changes `list` reports while `body` runs.
  private func reported(by list: RosterList, _ body: () throws -> Void) rethrows -> [ListChange] {
    var changes: [ListChange] = []
    let token = list.addObserver { changes.append($0) }
    defer { list.removeObserver(token) }
    try body()
    return changes
  }

  @Test func typingIntoTheEmptyRowJoinsTheInsertAfterTheFirstKeystroke() throws {
    let list = try makeList(["Anna"])
    let rows = list.editableRows
    let changes = try reported(by: list) {
      for typed in ["C", "Ca", "Car"] { try rows.setText(typed, at: 1) }
    }
    #expect(changes.map(\.joinsPreviousStep) == [false, true, true])
    list.undo()
    #expect(list.entries.map(\.text) == ["Anna"], "one step: the insert and the typing")
  }

  @Test func anActionAfterTheTypingStartsAStep() throws {
    let list = try makeList(["Anna"])
    let rows = list.editableRows
    let changes = try reported(by: list) {
      try rows.setText("B", at: 1)
      try rows.setText("Be", at: 1)
      list.endTyping()
      try rows.setText("Bea", at: 1)
      try list.append("Cem")
    }
    #expect(changes.map(\.joinsPreviousStep) == [false, true, false, false])
  }

  @Test func undoRedoAndExternalChangesNeverJoin() throws {
    let list = try makeList(["Anna"])
    let rows = list.editableRows
    try rows.setText("B", at: 1)
    let changes = reported(by: list) {
      list.undo()
      list.redo()
      list.apply([.remove(list[0], offset: 0, after: nil)])
    }
    #expect(changes.map(\.origin) == [.undo, .redo, .external])
    #expect(changes.allSatisfy { !$0.joinsPreviousStep })
  }
}
