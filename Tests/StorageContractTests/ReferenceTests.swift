import Foundation
import RosterBackend
import RosterKit
import Testing

/// `MemoryStorage` is the reference the engines are compared with: it must declare, and do,
/// everything the contract's capability branches ask of the fullest backend.
@Suite struct ReferenceTests {
  @Test func theReferenceDeclaresEveryCapability() throws {
    let database = MemoryDatabase()
    let first = try #require(try database.open() as? MemoryStorage)
    let second = try #require(try database.open() as? MemoryStorage)
    #expect(
      first.capabilities
        == StorageCapabilities(
          sharedAccess: true, sharedHistory: true,
          changeLogLimit: MemoryStorage.Database.changeLogLimit))
    #expect(first !== second)
    #expect(first.writerID != second.writerID)
    #expect(first.database === second.database)
  }

  @Test func aWaitingConnectionWakesOnAnothersCommit() throws {
    let writer = MemoryStorage()
    let reader = MemoryStorage(database: writer.database)
    let id = try writer.createList(title: "Guests", rule: .text).id
    #expect(try reader.hasExternalChanges())
    #expect(try !reader.waitForExternalChanges(timeout: .milliseconds(20)))
    let database = writer.database
    let clock = ContinuousClock()
    let start = clock.now
    Thread.detachNewThread {
      Thread.sleep(forTimeInterval: 0.05)
      _ = try? MemoryStorage(database: database).renameList(id, to: "Party")
    }
    #expect(try reader.waitForExternalChanges(timeout: .seconds(10)))
    #expect(clock.now - start < .seconds(5))
    #expect(try reader.hasExternalChanges())
    #expect(try reader.lists().map(\.title) == ["Party"])
  }

  @Test func theStoreKeepsNothingALoadedListDoesUnrecorded() throws {
    let storage = MemoryStorage()
    let id = try storage.createList(title: "Guests", rule: .text).id
    let loaded = try storage.loadList(id)
    try loaded.append("Anna")
    #expect(try storage.loadList(id).isEmpty)
    #expect(try storage.lists().map(\.count) == [0])
  }
}
