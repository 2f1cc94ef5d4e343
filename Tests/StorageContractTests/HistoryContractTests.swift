import Foundation
import RosterBackend
import RosterKit
import Testing

/// Undo and redo in the store, shared by every instance on one database. Backends without
/// ``RosterBackend/StorageCapabilities/sharedHistory`` leave undo to the list and must say so
/// by returning `nil`.
@Suite struct HistoryContractTests {
  @Test(arguments: Backend.all)
  func oneInstanceUndoesWhatAnotherDid(backend: Backend) throws {
    let database = try backend.makeDatabase()
    let writer = try database.open()
    let other = try database.open()
    let id = try writer.createList(title: "Guests", rule: .text).id
    let mine = try writer.openRecording(id)
    try mine.append("Anna")
    let bob = try mine.append("Bob", category: "Staff")

    let undone = try other.undo(in: id)
    guard other.capabilities.sharedHistory else {
      #expect(undone == nil)
      #expect(try other.redo(in: id) == nil)
      #expect(try other.loadList(id).entries.map(\.text) == ["Anna", "Bob"])
      return
    }
    let edits = try #require(undone)
    #expect(edits.contains { $0.entryID == bob.id })
    mine.apply(edits)
    #expect(mine.entries.map(\.text) == ["Anna"])
    #expect(Contents(try database.open().loadList(id)) == Contents(mine))

    let redone = try #require(try writer.redo(in: id))
    mine.apply(redone)
    #expect(mine.entry(id: bob.id)?.category == "Staff")
    #expect(Contents(try other.loadList(id)) == Contents(mine))
    #expect(try other.redo(in: id) == nil)
  }

  @Test(arguments: Backend.all)
  func theStoreRedoesWhatAListUndid(backend: Backend) throws {
    let database = try backend.makeDatabase()
    let writer = try database.open()
    let id = try writer.createList(title: "Guests", rule: .text).id
    let mine = try writer.openRecording(id)
    try mine.append("Anna")
    try mine.append("Bob")
    mine.undo()

    let other = try database.open()
    let redone = try other.redo(in: id)
    if other.capabilities.sharedHistory {
      mine.apply(try #require(redone))
      #expect(mine.entries.map(\.text) == ["Anna", "Bob"])
      #expect(try other.undo(in: id) != nil)
      #expect(try other.undo(in: id) != nil)
      #expect(try other.undo(in: id) == nil)
      #expect(try other.loadList(id).isEmpty)
    } else {
      #expect(redone == nil)
      #expect(try other.loadList(id).entries.map(\.text) == ["Anna"])
    }
  }

  @Test(arguments: Backend.all)
  func renamingAListIsUndoable(backend: Backend) throws {
    let database = try backend.makeDatabase()
    let storage = try database.open()
    let id = try storage.createList(title: "Guests", rule: .text).id
    try storage.renameList(id, to: "Party")
    if storage.capabilities.sharedHistory {
      _ = try #require(try database.open().undo(in: id))
    } else {
      #expect(try storage.undo(in: id) == nil)
      try storage.loadList(id).undo()
    }
    #expect(try database.open().lists().map(\.title) == ["Guests"])
  }
}
