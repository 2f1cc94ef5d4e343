import Foundation
import RosterBackend
import RosterKit
import Testing

/// Lists, and actions recorded from a loaded list, as any other instance reads them back.
@Suite struct RecordingContractTests {
  @Test(arguments: Backend.all)
  func listsAreKeptInCreationOrder(backend: Backend) throws {
    let storage = try backend.makeDatabase().open()
    let guests = try storage.createList(title: "  Guests ", rule: .personalName)
    let tasks = try storage.createList(title: "Tasks", rule: .text)
    #expect(guests.title == "Guests")
    #expect(guests.count == 0)
    #expect(try storage.lists() == [guests, tasks])
    #expect(try storage.loadList(tasks.id).rule == .text)
    #expect(try storage.firstEntries(in: guests.id, limit: 10).isEmpty)
    #expect(try storage.categories(in: guests.id).isEmpty)
  }

  @Test(arguments: Backend.all)
  func recordedActionsAreWhatAnotherInstanceLoads(backend: Backend) throws {
    let database = try backend.makeDatabase()
    let writer = try database.open()
    let id = try writer.createList(title: "Guests", rule: .text).id
    let list = try writer.openRecording(id)
    let anna = try list.append("Anna")
    let bob = try list.append("Bob")
    try list.insert("Carl", at: 0)
    try list.updateText(of: bob.id, to: " Bob  B ")
    try list.move(id: anna.id, toOffset: 2)
    try list.append("Dora")
    try list.remove(id: bob.id)
    list.move(fromOffsets: [0, 2], toOffset: 0)

    let reader = try database.open()
    let stored = try reader.loadList(id)
    #expect(Contents(stored) == Contents(list))
    #expect(stored.entries.map(\.text) == ["Carl", "Dora", "Anna"])
    #expect(try reader.lists().map(\.count) == [3])
    #expect(try reader.firstEntries(in: id, limit: 2) == Array(list.entries.prefix(2)))
    let (snapshot, _) = try reader.snapshot(of: id)
    #expect(Contents(snapshot) == Contents(list))
  }

  @Test(arguments: Backend.all)
  func categoryRulesAreRecorded(backend: Backend) throws {
    let database = try backend.makeDatabase()
    let writer = try database.open()
    let id = try writer.createList(title: "Guests", rule: .text).id
    let list = try writer.openRecording(id)
    let anna = try list.append("Anna", category: " Family ")
    try list.append("Bob", category: "Staff")
    let carl = try list.append("Carl")
    try list.setCategory(of: carl.id, to: "Family")
    let blue = try #require(CategoryColor(hex: "#1c71d8"))
    try list.addCategory("Friends", color: blue)
    try list.setColor(blue, ofCategory: "Staff")
    try list.renameCategory("Family", to: "Kin")
    try list.removeCategory("Friends")
    try list.setCategory(of: anna.id, to: nil)

    let reader = try database.open()
    let names = try reader.categories(in: id).map(\.name)
    #expect(names == ["Kin", "Staff"])
    #expect(try reader.categories(in: id) == list.categories)
    #expect(try reader.categories(in: id).last?.color == blue)
    let stored = try reader.loadList(id)
    #expect(stored.entries.map(\.category) == [nil, "Staff", "Kin"])
    #expect(Contents(stored) == Contents(list))
  }

  @Test(arguments: Backend.all)
  func renamingAndDeletingLists(backend: Backend) throws {
    let database = try backend.makeDatabase()
    let storage = try database.open()
    let guests = try storage.createList(title: "Guests", rule: .personalName)
    let tasks = try storage.createList(title: "Tasks", rule: .text)
    try storage.renameList(guests.id, to: " Party ")
    try storage.renameList(tasks.id, to: "Tasks")
    try storage.deleteList(tasks.id)

    let reader = try database.open()
    #expect(try reader.lists().map(\.title) == ["Party"])
    #expect(try reader.loadList(guests.id).title == "Party")
    #expect(thrown { () throws(StoreError) in try reader.loadList(tasks.id) } == .listNotFound)
  }

  @Test(arguments: Backend.all)
  func undoingInTheListIsRecorded(backend: Backend) throws {
    let database = try backend.makeDatabase()
    let writer = try database.open()
    let id = try writer.createList(title: "Guests", rule: .text).id
    let list = try writer.openRecording(id)
    try list.append("Anna")
    let bob = try list.append("Bob", category: "Staff")
    list.undo()
    let reader = try database.open()
    #expect(try reader.loadList(id).entries.map(\.text) == ["Anna"])
    #expect(try reader.categories(in: id).isEmpty)

    list.redo()
    #expect(try database.open().loadList(id).entry(id: bob.id)?.category == "Staff")
    #expect(Contents(try database.open().loadList(id)) == Contents(list))
  }
}
