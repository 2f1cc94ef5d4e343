import Foundation
import RosterBackend
import RosterKit
import Testing

/// `changes(in:since:)` and `hasExternalChanges()`: how one instance follows what others wrote.
/// Backends without ``RosterBackend/StorageCapabilities/sharedAccess`` have no one to follow
/// and must report nothing.
@Suite struct ChangeFeedContractTests {
  @Test(arguments: Backend.all)
  func anotherInstanceReplaysTheChanges(backend: Backend) throws {
    let database = try backend.makeDatabase()
    let writer = try database.open()
    let reader = try database.open()
    let id = try writer.createList(title: "Guests", rule: .text).id
    let mine = try writer.openRecording(id)
    let (theirs, start) = try reader.snapshot(of: id)

    let anna = try mine.append("Anna", category: "Staff")
    try mine.append("Bob")
    try mine.insert("Carl", at: 1)
    try mine.move(id: anna.id, toOffset: 2)
    try mine.updateText(of: anna.id, to: "Anna L")
    try mine.renameCategory("Staff", to: "Crew")
    try mine.remove(id: mine[0].id)

    let (edits, position) = try reader.changes(in: id, since: start)
    if reader.capabilities.sharedAccess {
      #expect(!edits.isEmpty)
      #expect(position > start)
      theirs.apply(edits)
    } else {
      #expect(edits.isEmpty)
      #expect(position == start)
    }
    #expect(Contents(theirs) == Contents(mine))
    #expect(try reader.changes(in: id, since: position).edits.isEmpty)
  }

  @Test(arguments: Backend.all)
  func replayConvergesWithConcurrentEdits(backend: Backend) throws {
    let database = try backend.makeDatabase()
    let first = try database.open()
    let second = try database.open()
    let id = try first.createList(title: "Guests", rule: .text).id
    let mine = try first.openRecording(id)
    for name in ["Anna", "Bob", "Carl", "Dora"] { try mine.append(name) }
    let (theirs, start) = try second.snapshot(of: id)
    theirs.addObserver { change in _ = try? second.record(change, in: id) }

    try mine.move(id: mine[0].id, toOffset: 3)
    try mine.insert("Eve", at: 1)
    try theirs.insert("Finn", at: 2)
    if let bob = theirs.entries.first(where: { $0.text == "Bob" }) {
      try theirs.remove(id: bob.id)
    }

    let (edits, _) = try second.changes(in: id, since: start)
    theirs.apply(edits)
    let stored = try database.open().loadList(id)
    #expect(Contents(theirs) == Contents(stored))
    #expect(Set(stored.entries.map(\.text)) == ["Anna", "Carl", "Dora", "Eve", "Finn"])
  }

  @Test(arguments: Backend.all)
  func recordingMovesThePositionASnapshotReflects(backend: Backend) throws {
    let database = try backend.makeDatabase()
    let storage = try database.open()
    let id = try storage.createList(title: "Guests", rule: .text).id
    let (list, start) = try storage.snapshot(of: id)
    let anna = try list.append("Anna")
    let first = try storage.record(
      ListChange(origin: .action, edits: [.insert(anna, offset: 0, after: nil)]), in: id)
    let bob = try list.append("Bob")
    let second = try storage.record(
      ListChange(origin: .action, edits: [.insert(bob, offset: 1, after: anna.id)]), in: id)
    let (reloaded, position) = try database.open().snapshot(of: id)
    if storage.capabilities.sharedAccess {
      #expect(start < first)
      #expect(first < second)
    } else {
      #expect([start, first] == [second, second])
    }
    #expect(position == second)
    #expect(reloaded.entries.map(\.text) == ["Anna", "Bob"])
  }

  @Test(arguments: Backend.all)
  func externalChangesAreNoticed(backend: Backend) throws {
    let database = try backend.makeDatabase()
    let writer = try database.open()
    let reader = try database.open()
    let id = try writer.createList(title: "Guests", rule: .text).id
    _ = try reader.hasExternalChanges()
    #expect(try !reader.hasExternalChanges())

    try writer.openRecording(id).append("Anna")
    #expect(try reader.hasExternalChanges() == reader.capabilities.sharedAccess)
    #expect(try !reader.hasExternalChanges())
  }

  @Test(arguments: Backend.all)
  func aWaitEndsWithAnotherInstancesChange(backend: Backend) throws {
    let database = try backend.makeDatabase()
    let writer = try database.open()
    let reader = try database.open()
    let id = try writer.createList(title: "Guests", rule: .text).id
    let (theirs, start) = try reader.snapshot(of: id)
    _ = try reader.hasExternalChanges()
    let mine = try writer.openRecording(id)
    try mine.append("Anna")
    guard reader.capabilities.sharedAccess else {
      #expect(try !reader.waitForExternalChanges(timeout: .milliseconds(30)))
      return
    }
    // Woken by the change that already happened, without waiting out the timeout.
    let clock = ContinuousClock()
    let began = clock.now
    #expect(try reader.waitForExternalChanges(timeout: .seconds(10)))
    #expect(clock.now - began < .seconds(5))
    theirs.apply(try reader.changes(in: id, since: start).edits)
    #expect(Contents(theirs) == Contents(mine))
  }

  @Test(arguments: Backend.all)
  func aLogThatNoLongerReachesBackAsksForAReload(backend: Backend) throws {
    let database = try backend.makeDatabase()
    let writer = try database.open()
    let reader = try database.open()
    let id = try writer.createList(title: "Tasks", rule: .text).id
    let (theirs, start) = try reader.snapshot(of: id)
    let mine = try writer.openRecording(id)
    let limit = reader.capabilities.changeLogLimit
    for index in 0...(limit ?? 10) { try mine.append("Task \(index)") }

    let outcome = thrown { () throws(StoreError) in try reader.changes(in: id, since: start) }
    if limit != nil {
      #expect(outcome == .reloadRequired)
      let (reloaded, position) = try reader.snapshot(of: id)
      #expect(Contents(reloaded) == Contents(mine))
      #expect(try reader.changes(in: id, since: position).edits.isEmpty)
    } else {
      #expect(outcome == nil)
      #expect(Contents(theirs) == Contents(mine))
    }
  }
}
