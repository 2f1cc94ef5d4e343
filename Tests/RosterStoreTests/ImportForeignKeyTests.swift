import Foundation
import RosterBackend
import RosterKit
import RosterTestSupport
import Testing

@testable import RosterStore

/// An import checks no foreign key inside its own transaction (so that SQLite keeps no
/// statement journal for its groups of rows); the checks are on again once it ends, however it
/// ends, and the imported rows belong to their list like any other.
@Suite struct ImportForeignKeyTests {
  let temporary = TemporaryDatabase()
  static let total = ImportBatch.deferredIndexThreshold + ImportBatch.rowsPerChunk + 5

  func foreignKeysAreOn(_ store: SQLiteStore) throws -> Bool {
    try store.database.integer("PRAGMA foreign_keys") == 1
  }

  @Test func aCommittedImportTurnsTheChecksBackOnAndItsRowsCascade() throws {
    let store = try SQLiteStore(path: temporary.path)
    let list = try store.createList(title: "Big", rule: .text).id
    let batch = try store.beginImport(into: list)
    batch.expectRows(atMost: Self.total)
    #expect(try !foreignKeysAreOn(store))
    for number in 0..<Self.total { try batch.add(text: "e\(number)") }
    try batch.commit()
    #expect(try foreignKeysAreOn(store))
    #expect(try store.database.integer("SELECT COUNT(*) FROM entries") == Int64(Self.total))
    #expect(try store.database.integer("SELECT COUNT(*) FROM pragma_foreign_key_check") == 0)
    try store.deleteList(list)
    #expect(try store.database.integer("SELECT COUNT(*) FROM entries") == 0)
  }

  @Test func aCancelledImportTurnsTheChecksBackOnAndStoresNothing() throws {
    let store = try SQLiteStore(path: temporary.path)
    let list = try store.createList(title: "Big", rule: .text).id
    let batch = try store.beginImport(into: list)
    batch.expectRows(atMost: Self.total)
    for number in 0..<Self.total { try batch.add(text: "e\(number)") }
    batch.cancel()
    #expect(try foreignKeysAreOn(store))
    #expect(try store.database.integer("SELECT COUNT(*) FROM entries") == 0)
    // The connection enforces the key again: a row of no list is refused.
    #expect(throws: StoreError.self) {
      try store.database.execute(
        "INSERT INTO entries (list, key, id, text, created, updated)"
          + " VALUES (999, 1, x'00', 'orphan', 0, 0)")
    }
  }
}
