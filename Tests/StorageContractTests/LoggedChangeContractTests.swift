import Foundation
import RosterBackend
import RosterKit
import Testing

/// `loggedChanges(in:since:)`: the change log action by action, as `roster watch` reads it.
@Suite struct LoggedChangeContractTests {
  @Test(arguments: Backend.all)
  func replayingEachActionInOrderGivesTheWritersList(backend: Backend) throws {
    let database = try backend.makeDatabase()
    let writer = try database.open()
    let reader = try database.open()
    let id = try writer.createList(title: "Guests", rule: .text).id
    let mine = try writer.openRecording(id)
    try mine.append("Zed")
    let (theirs, start) = try reader.snapshot(of: id)

    let anna = try mine.append("Anna", category: "Staff")
    try mine.append("Bob")
    try mine.insert("Carl", at: 1)
    try mine.move(id: anna.id, toOffset: 0)
    mine.move(fromOffsets: [0, 2], toOffset: 4)
    try mine.updateText(of: anna.id, to: "Anna L")
    try mine.remove(id: mine[1].id)

    let actions = try reader.loggedChanges(in: id, since: start)
    if reader.capabilities.sharedAccess {
      #expect(!actions.isEmpty)
      #expect(actions.map(\.position) == actions.map(\.position).sorted())
      #expect(Set(actions.map(\.position)).count == actions.count)
      #expect(actions.allSatisfy { $0.position > start })
      for action in actions { theirs.apply(action.edits) }
    } else {
      #expect(actions.isEmpty)
    }
    #expect(Contents(theirs) == Contents(mine))
    let last = actions.last?.position ?? start
    #expect(try reader.loggedChanges(in: id, since: last).isEmpty)
  }

  @Test(arguments: Backend.all)
  func aLogThatNoLongerReachesBackAsksForAReload(backend: Backend) throws {
    let database = try backend.makeDatabase()
    let writer = try database.open()
    let reader = try database.open()
    let id = try writer.createList(title: "Tasks", rule: .text).id
    let start = try reader.snapshot(of: id).position
    let mine = try writer.openRecording(id)
    let limit = reader.capabilities.changeLogLimit
    for index in 0...(limit ?? 10) { try mine.append("Task \(index)") }
    let outcome = thrown { () throws(StoreError) in
      _ = try reader.loggedChanges(in: id, since: start)
    }
    #expect(outcome == (limit != nil ? .reloadRequired : nil))
  }
}
