import Foundation
import RosterBackend
import RosterKit
import RosterTestSupport
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
    mine.apply(try first.changes(in: id, since: position).edits)
    #expect(Array(mine.entries) == Array(try first.loadList(id).entries))
    #expect(mine.entries.last?.text == "Dora")
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

/// A window (a loaded list recording its edits) and another writer interleaving at random:
/// after syncing with `changes(in:since:)`, the window always matches the database.
@Suite struct ConvergenceTests {
  let temporary = TemporaryDatabase()

  @Test(arguments: 0..<8)
  func aWindowConvergesWithConcurrentWriters(round: Int) throws {
    let window = try SQLiteStore(path: temporary.path)
    let other = try SQLiteStore(path: temporary.path)
    let id = try window.createList(title: "L\(round)", rule: .text).id
    _ = try other.add(["a", "b", "c"], to: id)
    var (list, position) = try window.snapshot(of: id)
    list.addObserver { change in _ = try? window.record(change, in: id) }
    var generator = SystemRandomNumberGenerator()
    for step in 0..<200 {
      let count = list.count
      let size = try other.lists().first { $0.id == id }!.count
      switch Int.random(in: 0..<11, using: &generator) {
      case 0: try list.insert("w\(step)", at: Int.random(in: 0...count))
      case 1 where count > 1:
        try list.move(id: list[Int.random(in: 0..<count)].id, toOffset: Int.random(in: 0..<count))
      case 2 where count > 3: try list.remove(id: list[Int.random(in: 0..<count)].id)
      case 3: _ = try other.add(["o\(step)"], to: id)
      case 4 where size > 1:
        try other.move(
          .position(Int.random(in: 1...size)), toPosition: Int.random(in: 1...size), in: id)
      case 5 where size > 3:
        _ = try other.remove([.position(Int.random(in: 1...size))], from: id)
      case 6 where size > 0: _ = try other.updateText(of: .position(1), to: "u\(step)", in: id)
      case 7: _ = try other.undo(in: id)
      case 8 where count > 0:
        try list.setCategory(of: list[Int.random(in: 0..<count)].id, to: "c\(step % 3)")
      default:
        let (edits, next) = try window.changes(in: id, since: position)
        list.apply(edits)
        position = next
      }
    }
    let (edits, _) = try window.changes(in: id, since: position)
    list.apply(edits)
    let stored = try other.loadList(id)
    #expect(Array(list.entries) == Array(stored.entries))
    #expect(list.categories == stored.categories)
  }
}
