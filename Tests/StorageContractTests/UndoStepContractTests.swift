import Foundation
import RosterBackend
import RosterKit
import Testing

/// What one undo step in the store is: typing joins a step only for the connection that typed,
/// a new action forgets what was undone, and an undo applies by identity in a window that has
/// not yet seen the action it undoes. Backends without
/// ``RosterBackend/StorageCapabilities/sharedHistory`` keep no steps and answer `nil`.
@Suite struct UndoStepContractTests {
  @Test(arguments: Backend.all)
  func typingIntoOneEntryIsUndoneInOneStep(backend: Backend) throws {
    let database = try backend.makeDatabase()
    let storage = try database.open()
    let id = try storage.createList(title: "Guests", rule: .text).id
    let list = try storage.openRecording(id)
    let entry = try list.append("A")
    for text in ["An", "Ann", "Anna"] { try list.updateText(of: entry.id, to: text) }
    guard storage.capabilities.sharedHistory else {
      #expect(try storage.undo(in: id) == nil)
      return
    }

    list.apply(try #require(try storage.undo(in: id)))
    #expect(try database.open().loadList(id).entries.map(\.text) == ["A"])
    #expect(list.entries.map(\.text) == ["A"])
    list.apply(try #require(try storage.undo(in: id)))
    #expect(try database.open().loadList(id).isEmpty)
    #expect(try storage.undo(in: id) == nil)
    #expect(try storage.redo(in: id) != nil)
    #expect(try storage.redo(in: id) != nil)
    #expect(try database.open().loadList(id).entries.map(\.text) == ["Anna"])
  }

  @Test(arguments: Backend.all)
  func anotherConnectionsTypingIsAStepOfItsOwn(backend: Backend) throws {
    let database = try backend.makeDatabase()
    let first = try database.open()
    let id = try first.createList(title: "Guests", rule: .text).id
    let mine = try first.openRecording(id)
    let entry = try mine.append("A")
    try mine.updateText(of: entry.id, to: "An")
    let second = try database.open()
    guard second.capabilities.sharedHistory else {
      #expect(try second.undo(in: id) == nil)
      return
    }
    let theirs = try second.openRecording(id)
    try theirs.updateText(of: entry.id, to: "Ann")

    _ = try #require(try first.undo(in: id))
    #expect(try second.loadList(id).entries.map(\.text) == ["An"])
    _ = try #require(try first.undo(in: id))
    #expect(try second.loadList(id).entries.map(\.text) == ["A"])
  }

  @Test(arguments: Backend.all)
  func aNewActionForgetsWhatWasUndone(backend: Backend) throws {
    let database = try backend.makeDatabase()
    let storage = try database.open()
    let id = try storage.createList(title: "Guests", rule: .text).id
    let list = try storage.openRecording(id)
    try list.append("Anna")
    try list.append("Bob")
    guard storage.capabilities.sharedHistory else {
      #expect(try storage.undo(in: id) == nil)
      return
    }

    list.apply(try #require(try storage.undo(in: id)))
    try list.append("Carl")
    #expect(try storage.redo(in: id) == nil)
    #expect(try database.open().loadList(id).entries.map(\.text) == ["Anna", "Carl"])
    list.apply(try #require(try storage.undo(in: id)))
    #expect(try storage.redo(in: id) != nil)
    #expect(try storage.redo(in: id) == nil)
  }

  @Test(arguments: Backend.all)
  func anUndoAppliesInAWindowThatMissedTheAction(backend: Backend) throws {
    let database = try backend.makeDatabase()
    let first = try database.open()
    let id = try first.createList(title: "Guests", rule: .text).id
    let mine = try first.openRecording(id)
    try mine.append("Anna")
    let bob = try mine.append("Bob")
    try mine.append("Carl")
    let second = try database.open()
    guard second.capabilities.sharedHistory else {
      #expect(try first.undo(in: id) == nil)
      return
    }
    let theirs = try second.openRecording(id)
    try theirs.move(id: bob.id, toOffset: 0)
    try theirs.updateText(of: bob.id, to: "Bob B")

    // The window never saw the move or the edit; undoing both lands it where the store is.
    mine.apply(try #require(try first.undo(in: id)))
    mine.apply(try #require(try first.undo(in: id)))
    let stored = try database.open().loadList(id)
    #expect(stored.entries.map(\.text) == ["Anna", "Bob", "Carl"])
    #expect(Contents(mine) == Contents(stored))
  }
}
