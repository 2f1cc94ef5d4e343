import Foundation
import RosterBackend
import RosterKit
import RosterTestSupport
import Testing

@testable import RosterStore

/// An import's own transaction: no foreign key is checked inside it (so that SQLite keeps no
/// statement journal for its groups of rows); the checks are on again once it ends, however it
/// ends, and the imported rows belong to their list like any other.
@Suite struct ImportTransactionTests {
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

  /// A group of rows that breaks a constraint rolls the whole transaction back (`OR
  /// ROLLBACK`): the import fails, nothing is stored, and the store works on as before.
  @Test func aGroupThatBreaksAConstraintRollsEverythingBack() throws {
    let store = try SQLiteStore(path: temporary.path)
    let list = try store.createList(title: "Big", rule: .text).id
    _ = try store.add(["Kept"], to: list)
    try store.database.execute("CREATE UNIQUE INDEX unique_text ON entries (text)")
    let batch = try store.beginImport(into: list)
    batch.expectRows(atMost: Self.total)
    let repeated = ImportBatch.deferredIndexThreshold + 10
    var failure: StoreError?
    do throws(StoreError) {
      for number in 0..<Self.total {
        try batch.add(text: number == repeated ? "e0" : "e\(number)")
      }
      try batch.commit()
    } catch {
      failure = error
      batch.cancel()
    }
    guard case .database = failure else {
      Issue.record("expected the constraint's failure, got \(String(describing: failure))")
      return
    }
    #expect(try foreignKeysAreOn(store))
    #expect(!store.database.inTransaction)
    try store.database.execute("DROP INDEX unique_text")
    _ = try store.add(["After"], to: list)
    let reopened = try SQLiteStore(path: temporary.path)
    #expect(try reopened.loadList(list).entries.map(\.text) == ["Kept", "After"])
    #expect(try reopened.integrityCheck() == "ok")
  }
}
