import Foundation
import RosterKit
import Testing

@Suite struct UndoTests {
  @Test func batchDeleteIsOneStepAndRestoresIdsAndPositions() throws {
    let list = try makeList(["a", "b", "c", "d", "e"])
    let before = Array(list.entries)
    let removed = list.remove(atOffsets: [0, 2, 4])
    #expect(removed.map(\.text) == ["a", "c", "e"])
    #expect(list.entries.map(\.text) == ["b", "d"])
    list.undo()
    #expect(Array(list.entries) == before)
    list.redo()
    #expect(list.entries.map(\.text) == ["b", "d"])
  }

  @Test func consecutiveTypingCoalescesUntilEndTyping() throws {
    let list = try makeList(["Jo"])
    let id = list[0].id
    try list.updateText(of: id, to: "Joh")
    try list.updateText(of: id, to: "John")
    list.endTyping()
    try list.updateText(of: id, to: "Johnny")
    list.undo()
    #expect(list[0].text == "John")
    list.undo()
    #expect(list[0].text == "Jo")
    #expect(list[0].id == id)
  }

  @Test func typingInAnotherEntryStartsANewStep() throws {
    let list = try makeList(["a", "b"])
    try list.updateText(of: list[0].id, to: "aa")
    try list.updateText(of: list[1].id, to: "bb")
    list.undo()
    #expect(list.entries.map(\.text) == ["aa", "b"])
  }

  @Test func newActionClearsRedo() throws {
    let list = try makeList(["a"])
    try list.append("b")
    list.undo()
    #expect(list.canRedo)
    try list.append("c")
    #expect(!list.canRedo)
    #expect(list.redo() == nil)
  }

  @Test func undoAfterAnExternalRemovalDoesNotTrap() throws {
    let list = try makeList(["a", "b", "c"])
    let b = list[1]
    try list.remove(id: b.id)
    // Another process removes "a", the anchor "b" was inserted after.
    list.apply([.remove(list[0], offset: 0, after: nil)])
    list.undo()
    // The anchor is gone, so "b" goes back to its old offset, clamped to the list.
    #expect(list.entries.map(\.text) == ["c", "b"])
    #expect(list.entry(id: b.id) == b)
  }

  @Test func categoryRenameIsOneStep() throws {
    let list = try makeList()
    try list.append("Mastering WidgetKit iOS 16", category: "SwiftUI")
    try list.append("Practical iOS 16", category: "UIKit")
    try list.append("New in SwiftUI: Charts", category: "SwiftUI")
    let color = try #require(list.category(named: "SwiftUI")).color
    try list.renameCategory("SwiftUI", to: "Swift UI")
    #expect(list.entries.map(\.category) == ["Swift UI", "UIKit", "Swift UI"])
    #expect(list.category(named: "Swift UI")?.color == color)
    list.undo()
    #expect(list.entries.map(\.category) == ["SwiftUI", "UIKit", "SwiftUI"])
    #expect(list.categories.map(\.name) == ["SwiftUI", "UIKit"])
  }

  @Test func historyIsBounded() throws {
    let list = try makeList()
    for n in 0..<1_100 { try list.append("item \(n)") }
    var undone = 0
    while list.undo() != nil { undone += 1 }
    #expect(undone == 1_000)
    #expect(list.count == 100)
  }

  @Test func historyPastItsLimitKeepsTheNewestStepsThroughUndoAndRedo() throws {
    let list = try makeList()
    for n in 0..<1_500 { try list.append("item \(n)") }
    for _ in 0..<10 { list.undo() }
    for _ in 0..<5 { list.redo() }
    #expect(list.count == 1_495)
    // The first five fill the slots undo freed; the rest each forget the oldest step.
    for n in 0..<600 { try list.append("more \(n)") }
    #expect(!list.canRedo)
    var undone = 0
    while list.undo() != nil { undone += 1 }
    #expect(undone == 1_000)
    #expect(list.entries.map(\.text) == (0..<1_095).map { "item \($0)" })
    for _ in 0..<1_000 { list.redo() }
    #expect(list.count == 2_095)
    #expect(list.entries.last?.text == "more 599")
    #expect(list.redo() == nil)
  }

  @Test func typingPastTheLimitStillJoinsOneStep() throws {
    let list = try makeList(["J"])
    for n in 0..<1_200 { try list.append("item \(n)") }
    let id = list[0].id
    for text in ["Jo", "Joh", "John"] { try list.updateText(of: id, to: text) }
    list.undo()
    #expect(list[0].text == "J")
    #expect(list.count == 1_201)
    list.redo()
    #expect(list[0].text == "John")
  }
}
