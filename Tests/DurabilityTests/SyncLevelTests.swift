import Foundation
import RosterBackend
import RosterKit
import RosterTestSupport
import Testing

@testable import RosterStore

/// What each sync level costs in syncs, counted by the crash VFS, and what the store opens with.
@Suite struct SyncLevelTests {
  @Test func storesOpenWithFullSynchronousInWALMode() throws {
    let temporary = TemporaryDatabase()
    let store = try SQLiteStore(path: temporary.path)
    #expect(try store.database.integer("PRAGMA synchronous") == 2)
    let mode = try store.database.statement("PRAGMA journal_mode")
    #expect(try mode.step() && mode.text(0) == "wal")
    mode.reset()
  }

  /// FULL syncs the WAL exactly once per commit, before the action returns, and nothing else;
  /// NORMAL syncs nothing until a checkpoint (turned off here).
  @Test(arguments: zip([SQLiteStore.Configuration.Synchronous.full, .normal], [UInt64(1), 0]))
  func everyActionSyncsTheWAL(level: SQLiteStore.Configuration.Synchronous, syncs: UInt64)
    throws
  {
    let temporary = TemporaryDatabase()
    let disk = try CrashDisk(seed: 1)
    let store = try SQLiteStore(
      path: temporary.path, configuration: .init(vfs: disk.name, synchronous: level))
    try store.database.execute("PRAGMA wal_autocheckpoint = 0")
    let list = try store.createList(title: "Guests", rule: .personalName).id
    let actions: [(String, () throws -> Void)] = [
      ("add", { try store.add(["Anna Nowak", "Mei Tanaka"], category: "Family", to: list) }),
      ("edit", { _ = try store.updateText(of: .position(1), to: "Anna Lindqvist", in: list) }),
      ("move", { try store.move(.position(2), toPosition: 1, in: list) }),
      ("remove", { _ = try store.remove([.position(1)], from: list) }),
      ("undo", { _ = try store.undo(in: list) }),
      ("redo", { _ = try store.redo(in: list) }),
      (
        "colour",
        { try store.setColor(.init(red: 1, green: 2, blue: 3), ofCategory: "Family", in: list) }
      ),
      (
        "record",
        {
          let loaded = try store.loadList(list)
          var changes: [ListChange] = []
          loaded.addObserver { changes.append($0) }
          try loaded.append("Kofi Okafor")
          for change in changes { try store.record(change, in: list) }
        }
      ),
      (
        "import",
        {
          let batch = try store.beginImport(into: list)
          for name in ["Björn Müller", "Aisha Haddad", "Olu García"] { try batch.add(text: name) }
          try batch.commit()
        }
      ),
    ]
    for (name, action) in actions {
      let before = disk.counts
      try action()
      let after = disk.counts
      #expect(after.walSyncs - before.walSyncs == syncs, "\(name)")
      #expect(after.syncs - before.syncs == syncs, "\(name): only the WAL is synced")
      #expect(after.writes > before.writes, "\(name) wrote to the WAL")
    }
    withExtendedLifetime((store, actions)) {}
    withExtendedLifetime(disk) {}
  }
}
