import Foundation
import RosterBackend
import RosterKit
import Testing

/// Sorting and keeping a list sorted: the order is stored with the list, and a sort is moves
/// every backend replays, undoes and passes on.
@Suite struct SortingContractTests {
  let collation = ScalarCollation()
  let byFamilyName = EntryOrder(field: .lastWord, descending: true, locale: "de_DE")

  @Test(arguments: Backend.all)
  func theKeptOrderIsStoredWithTheList(backend: Backend) throws {
    let database = try backend.makeDatabase()
    let writer = try database.open()
    let id = try writer.createList(title: "Class", rule: .text).id
    let list = try writer.openRecording(id)
    for name in ["Anna Berg", "Carl Adams", "Bob Cole"] { try list.append(name) }
    list.setKeepSorted(byFamilyName, collation: collation)
    try list.append("Dora Bell")

    let reader = try database.open()
    let stored = try reader.loadList(id)
    #expect(stored.keepSorted == byFamilyName)
    #expect(stored.entries.map(\.text) == ["Bob Cole", "Anna Berg", "Dora Bell", "Carl Adams"])
    #expect(Contents(stored) == Contents(list))
    #expect(try reader.lists().map(\.keepSorted) == [byFamilyName])
    #expect(try reader.snapshot(of: id).list.keepSorted == byFamilyName)

    list.setKeepSorted(nil)
    #expect(try database.open().loadList(id).keepSorted == nil)
    #expect(try database.open().lists().map(\.keepSorted) == [nil])
  }

  @Test(arguments: Backend.all)
  func aSortIsStoredAndItsUndoRestoresTheOrder(backend: Backend) throws {
    let database = try backend.makeDatabase()
    let writer = try database.open()
    let id = try writer.createList(title: "Class", rule: .text).id
    let list = try writer.openRecording(id)
    let names = (0..<200).map { "n\(($0 * 7919) % 200)" }
    for name in names { try list.append(name) }
    list.sort(EntryOrder(), collation: collation)
    #expect(Contents(try database.open().loadList(id)) == Contents(list))
    list.undo()
    #expect(try database.open().loadList(id).entries.map(\.text) == names)
    list.redo()
    #expect(Contents(try database.open().loadList(id)) == Contents(list))
  }

  @Test(arguments: Backend.all)
  func aLargeSortIsStoredUndoneAndFollowed(backend: Backend) throws {
    let database = try backend.makeDatabase()
    let writer = try database.open()
    let follower = try database.open()
    let id = try writer.createList(title: "Class", rule: .text).id
    let list = try writer.openRecording(id)
    let names = (0..<3_000).map { "n\(($0 * 7_919) % 3_000)" }
    try list.append(contentsOf: names)
    var (theirs, position) = try follower.snapshot(of: id)
    list.sort(EntryOrder(descending: true), collation: collation)
    #expect(Contents(try database.open().loadList(id)) == Contents(list))
    // A follower replays the sort, or is told to reload (a backend may log it as a reload).
    var replay: (edits: [ListEdit], position: Int64)?
    do {
      replay = try follower.changes(in: id, since: position)
    } catch {
      guard case .reloadRequired = error else { throw error }
    }
    if let replay {
      theirs.apply(replay.edits)
      position = replay.position
    } else {
      (theirs, position) = try follower.snapshot(of: id)
    }
    #expect(Contents(theirs) == Contents(list))
    list.undo()
    #expect(try database.open().loadList(id).entries.map(\.text) == names)
    list.redo()
    #expect(Contents(try database.open().loadList(id)) == Contents(list))
    try list.append("late")
    if writer.capabilities.sharedHistory {
      // Another instance undoes the append, then the sort.
      let other = try database.open()
      _ = try other.undo(in: id)
      _ = try other.undo(in: id)
      #expect(try database.open().loadList(id).entries.map(\.text) == names)
    }
  }

  @Test(arguments: Backend.all)
  func anotherInstanceLearnsOfTheKeptOrder(backend: Backend) throws {
    let database = try backend.makeDatabase()
    let writer = try database.open()
    let reader = try database.open()
    let id = try writer.createList(title: "Class", rule: .text).id
    let mine = try writer.openRecording(id)
    for name in ["c", "a", "b"] { try mine.append(name) }
    let (theirs, start) = try reader.snapshot(of: id)
    mine.setKeepSorted(byFamilyName, collation: collation)
    let (edits, _) = try reader.changes(in: id, since: start)
    theirs.apply(edits)
    #expect(Contents(theirs) == Contents(mine))
    #expect(theirs.keepSorted == mine.keepSorted)
  }

  @Test(arguments: Backend.all)
  func theStoresUndoTakesTheKeptOrderBack(backend: Backend) throws {
    let database = try backend.makeDatabase()
    let writer = try database.open()
    let id = try writer.createList(title: "Class", rule: .text).id
    let list = try writer.openRecording(id)
    for name in ["c", "a", "b"] { try list.append(name) }
    list.setKeepSorted(EntryOrder(), collation: collation)
    let other = try database.open()
    guard other.capabilities.sharedHistory else {
      #expect(try other.undo(in: id) == nil)
      return
    }
    _ = try other.undo(in: id)
    let stored = try database.open().loadList(id)
    #expect(stored.keepSorted == nil)
    #expect(stored.entries.map(\.text) == ["c", "a", "b"])
  }
}
