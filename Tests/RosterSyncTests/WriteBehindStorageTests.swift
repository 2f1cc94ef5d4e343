import Foundation
import RosterBackend
import RosterKit
import RosterStore
import RosterSync
import RosterTestSupport
import Testing

/// A window's local database: actions return at once and are stored in order by the writing
/// thread, even while another process holds the database locked; reads never wait for it.
@Suite struct WriteBehindStorageTests {
  /// A window's storage on `file`, and a list of it whose actions it records, as the app's
  /// controller does.
  private func window(on file: TemporaryDatabase) throws -> (WriteBehindStorage, RosterList) {
    let writerID = UUID()
    let storage = WriteBehindStorage(
      reader: try SQLiteStore(path: file.path, writerID: writerID),
      writer: try SQLiteStore(path: file.path, writerID: writerID))
    let id = try storage.createList(title: "Guests", rule: .personalName).id
    let list = try storage.snapshot(of: id).list
    list.addObserver { change in _ = try? storage.record(change, in: id) }
    return (storage, list)
  }

  /// Holds `file`'s write lock on another connection, as another process would, until the
  /// returned release is called.
  private func holdLock(on file: TemporaryDatabase) throws -> @Sendable () -> Void {
    nonisolated(unsafe) let holder = try SQLiteStore(path: file.path)
    let locked = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      try? holder.write { () throws(StoreError) in
        locked.signal()
        release.wait()
      }
    }
    locked.wait()
    return { release.signal() }
  }

  @Test func actionsMadeWhileTheDatabaseIsLockedAreStoredInOrderOnceItIsFree() throws {
    let file = TemporaryDatabase(prefix: "roster-write-behind")
    let (storage, list) = try window(on: file)
    let release = try holdLock(on: file)
    for name in ["Anna", "Berta", "Cem"] { try list.append(name) }
    try list.updateText(of: list[1].id, to: "Bertha")
    // Every action returned while the lock is held: none can be stored yet.
    #expect(list.entries.map(\.text) == ["Anna", "Bertha", "Cem"])
    #expect(storage.pendingWrites > 0)
    // Reads answer on the window's connection meanwhile, and report no news of its own.
    #expect(try storage.lists().map(\.title) == ["Guests"])
    #expect(try !storage.hasExternalChanges())
    release()
    #expect(storage.finishWrites(timeout: .seconds(60)))
    #expect(storage.pendingWrites == 0)
    #expect(storage.takeRefused().isEmpty)
    let stored = try SQLiteStore(path: file.path).loadList(list.id)
    #expect(stored.entries.map(\.text) == ["Anna", "Bertha", "Cem"])
    #expect(stored.entries.map(\.id) == list.entries.map(\.id))
  }

  @Test func aRefusedActionComesBackAndTheWindowIsTold() throws {
    let file = TemporaryDatabase(prefix: "roster-write-behind")
    let (storage, list) = try window(on: file)
    let told = DispatchSemaphore(value: 0)
    storage.onSettled = { told.signal() }
    _ = try SQLiteStore(path: file.path).createList(title: "Doors", rule: .text)
    try list.rename(to: "Doors")
    #expect(told.wait(timeout: .now() + 60) == .success)
    #expect(storage.finishWrites(timeout: .seconds(60)))
    let refused = storage.takeRefused()
    #expect(refused.count == 1)
    guard case .listExists("Doors") = refused.first?.error else {
      Issue.record("Expected listExists, got \(String(describing: refused.first?.error))")
      return
    }
    #expect(refused.first?.change.titleChanged == true)
    #expect(storage.takeRefused().isEmpty, "taken once")
  }

  @Test func aListOpenedAfterWaitingActionsReflectsThem() throws {
    let file = TemporaryDatabase(prefix: "roster-write-behind")
    let (storage, list) = try window(on: file)
    for name in ["Anna", "Berta"] { try list.append(name) }
    // Loading waits for the writer: nothing made before is missing.
    #expect(try storage.snapshot(of: list.id).list.entries.map(\.text) == ["Anna", "Berta"])
  }
}
