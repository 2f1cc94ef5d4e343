import Foundation
import RosterKit
import Testing

@testable import RosterStore

/// Two `SQLiteStore` instances on one file stand for two processes.
@Suite struct SharingTests {
  let temporary = TemporaryDatabase()

  @Test func changesFlowBetweenConnections() throws {
    let first = try SQLiteStore(path: temporary.path)
    let second = try SQLiteStore(path: temporary.path)
    let id = try first.createList(title: "Shared", rule: .text).id
    let (mine, start) = try first.snapshot(of: id)
    mine.addObserver { change in _ = try? first.record(change, in: id) }
    let (theirs, theirStart) = try second.snapshot(of: id)
    #expect(start == theirStart)
    _ = try second.hasExternalChanges()

    let anna = try mine.append("Anna", category: "Staff")
    try mine.append("Bob")
    try mine.insert("Carl", at: 1)
    try mine.move(id: anna.id, toOffset: 2)
    try mine.updateText(of: anna.id, to: "Anna L")
    try mine.remove(id: mine[0].id)
    #expect(try second.hasExternalChanges())
    #expect(try !second.hasExternalChanges())

    let (edits, position) = try second.changes(in: id, since: theirStart)
    theirs.apply(edits)
    #expect(Array(theirs.entries) == Array(mine.entries))
    #expect(theirs.categories == mine.categories)
    // Its own writes are not echoed back.
    try second.add(["Dora"], to: id)
    #expect(try second.changes(in: id, since: position).edits.isEmpty)
    #expect(try first.changes(in: id, since: position).edits.count == 1)
  }

  @Test func undoReachesAcrossConnections() throws {
    let first = try SQLiteStore(path: temporary.path)
    let second = try SQLiteStore(path: temporary.path)
    let id = try first.createList(title: "Shared", rule: .text).id
    try first.add(["Anna"], to: id)
    try first.add(["Bob"], to: id)
    try first.move(.position(2), toPosition: 1, in: id)
    #expect(try second.undo(in: id) != nil)
    #expect(try second.loadList(id).entries.map(\.text) == ["Anna", "Bob"])
    #expect(try second.undo(in: id) != nil)
    #expect(try first.loadList(id).entries.map(\.text) == ["Anna"])
    #expect(try first.redo(in: id) != nil)
    #expect(try first.redo(in: id) != nil)
    #expect(try first.redo(in: id) == nil)
    #expect(try second.loadList(id).entries.map(\.text) == ["Bob", "Anna"])
  }

  @Test func aPrunedLogAsksForAReload() throws {
    let first = try SQLiteStore(path: temporary.path)
    let second = try SQLiteStore(path: temporary.path)
    let id = try first.createList(title: "Shared", rule: .text).id
    for number in 0...SQLiteStore.changeLogLimit {
      try first.add(["e\(number)"], to: id)
    }
    #expect(throws: StoreError.self) { try second.changes(in: id, since: 0) }
    let (list, position) = try second.snapshot(of: id)
    #expect(list.count == SQLiteStore.changeLogLimit + 1)
    #expect(try second.changes(in: id, since: position).edits.isEmpty)
  }

  @Test func typingIntoOneEntryIsOneUndoStep() throws {
    let store = try SQLiteStore(path: temporary.path)
    let id = try store.createList(title: "T", rule: .text).id
    let list = try store.loadList(id)
    list.addObserver { change in _ = try? store.record(change, in: id) }
    let entry = try list.append("A")
    for text in ["An", "Ann", "Anna"] { try list.updateText(of: entry.id, to: text) }
    _ = try store.undo(in: id)
    #expect(try store.loadList(id).entries.map(\.text) == ["A"])
  }
}
