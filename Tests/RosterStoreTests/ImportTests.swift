import Foundation
import RosterBackend
import RosterKit
import RosterTestSupport
import Testing

@testable import RosterStore

@Suite struct ImportTests {
  let temporary = TemporaryDatabase()

  func hasIDIndex(_ store: SQLiteStore) throws -> Bool {
    try store.database.integer(
      "SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND name = 'entries_by_id'") == 1
  }

  @Test(arguments: [true, false])
  func aLargeImportRebuildsTheIDIndexAndStillRefusesDuplicates(commits: Bool) throws {
    let store = try SQLiteStore(path: temporary.path)
    let list = try store.createList(title: "Big", rule: .text).id
    let total = ImportBatch.deferredIndexThreshold + 2_000
    let batch = try store.beginImport(into: list)
    var early: UUID?
    var refused = 0
    for number in 0..<total {
      let id = number == total - 1 ? early : nil
      do throws(StoreError) {
        let entry = try batch.add(text: "e\(number)", id: id)
        if number == 10 { early = entry.id }
      } catch {
        guard case .duplicateEntry = error else { throw error }
        refused += 1
      }
    }
    #expect(refused == 1)
    if commits { try batch.commit() } else { batch.cancel() }
    #expect(try hasIDIndex(store))
    #expect(try store.integrityCheck() == "ok")
    #expect(try store.lists().first?.count == (commits ? total - 1 : 0))
    if commits {
      #expect(try store.entry(.id(early!), in: list).text == "e10")
      // Too large to undo or to replay: the history is cleared and other windows reload.
      #expect(try store.undo(in: list) == nil)
      let other = try SQLiteStore(path: temporary.path)
      #expect(throws: StoreError.self) { try other.changes(in: list, since: 0) }
    }
  }

  /// Past the threshold rows are inserted in groups of ``ImportBatch/rowsPerInsert``; the
  /// last short group at the commit.
  @Test func aLargeImportStoresEveryRowInOrderWhateverItsGroups() throws {
    let store = try SQLiteStore(path: temporary.path)
    let list = try store.createList(title: "Big", rule: .text).id
    let total = ImportBatch.deferredIndexThreshold + 3 * ImportBatch.rowsPerInsert + 5
    let batch = try store.beginImport(into: list)
    for number in 0..<total {
      try batch.add(text: "e\(number)", category: number % 5 == 0 ? "Staff" : nil)
    }
    try batch.commit()
    let entries = try store.loadList(list).entries
    #expect(entries.map(\.text) == (0..<total).map { "e\($0)" })
    #expect(entries.map(\.category) == (0..<total).map { $0 % 5 == 0 ? "Staff" : nil })
    #expect(Set(entries.map(\.id)).count == total)
    #expect(try store.integrityCheck() == "ok")
  }

  @Test func aSmallImportIsOneUndoableAction() throws {
    let store = try SQLiteStore(path: temporary.path)
    let list = try store.createList(title: "Small", rule: .personalName).id
    _ = try store.add(["Anna"], to: list)
    let batch = try store.beginImport(into: list)
    try batch.add(text: "Bob", category: "Staff")
    #expect(throws: StoreError.self) { try batch.add(text: "R2D2") }
    try batch.add(text: " Zoë  Smith ")
    try batch.commit()
    #expect(try store.loadList(list).entries.map(\.text) == ["Anna", "Bob", "Zoë Smith"])
    #expect(try store.categories(in: list).map(\.name) == ["Staff"])
    _ = try store.undo(in: list)
    #expect(try store.loadList(list).entries.map(\.text) == ["Anna"])
    #expect(try store.categories(in: list).isEmpty)
  }
}
