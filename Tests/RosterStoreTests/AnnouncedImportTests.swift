import Foundation
import RosterBackend
import RosterKit
import RosterTestSupport
import Testing

@testable import RosterStore

/// Imports announced as large (``ImportBatch/expectRows(atMost:)``): fresh ids in increasing
/// order, the id index kept, rows stored on the insert thread.
@Suite struct AnnouncedImportTests {
  let temporary = TemporaryDatabase()
  static let total = ImportBatch.deferredIndexThreshold + 3 * ImportBatch.rowsPerChunk + 7

  func hasIDIndex(_ store: SQLiteStore) throws -> Bool {
    try store.database.integer(
      "SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND name = 'entries_by_id'") == 1
  }

  /// The id blobs in key order.
  func storedIDs(_ store: SQLiteStore) throws -> [[UInt8]] {
    let statement = try store.database.statement("SELECT id FROM entries ORDER BY key")
    var ids: [[UInt8]] = []
    while try statement.step() { ids.append(Array(statement.blob(0) ?? Data())) }
    return ids
  }

  @Test func ascendingIDsAreTheGeneratorsOwnInByteOrder() {
    var drawn: [UUID] = []
    var ids = AscendingIDs(count: 1_000) {
      let id = UUID()
      drawn.append(id)
      return id
    }
    var handed: [UUID] = []
    while let id = ids.next() { handed.append(id) }
    #expect(Set(handed) == Set(drawn))
    #expect(handed.count == 1_000)
    let bytes = handed.map { withUnsafeBytes(of: $0.uuid) { Array($0) } }
    #expect(bytes == bytes.sorted { $0.lexicographicallyPrecedes($1) })
  }

  /// Ids that share their first bytes (one bucket) are sorted as well.
  @Test func ascendingIDsSortIdsThatShareTheirFirstBytes() {
    var number: UInt8 = 255
    var ids = AscendingIDs(count: 200) {
      number &-= 1
      return UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, number % 7, number))
    }
    var handed: [UInt8] = []
    while let id = ids.next() { handed.append(id.uuid.15) }
    #expect(handed.count == 200)
    let keys = handed.map { (Int($0) % 7) * 256 + Int($0) }
    #expect(keys == keys.sorted())
  }

  @Test func aLargeAnnouncedImportKeepsTheIndexAndGivesIncreasingIDs() throws {
    let store = try SQLiteStore(path: temporary.path)
    let list = try store.createList(title: "Big", rule: .text).id
    let batch = try store.beginImport(into: list)
    batch.expectRows(atMost: Self.total + 10)
    var given: UUID?
    for number in 0..<Self.total {
      // One row late in the file gives the id of an early one: still refused.
      let id = number == Self.total - 3 ? given : nil
      do throws(StoreError) {
        let entry = try batch.add(text: "e\(number)", category: number % 4 == 0 ? "A" : nil, id: id)
        if number == 5 { given = entry.id }
      } catch {
        guard case .duplicateEntry = error, number == Self.total - 3 else { throw error }
      }
      if number == ImportBatch.deferredIndexThreshold + 1 { #expect(try hasIDIndex(store)) }
    }
    try batch.commit()
    #expect(try hasIDIndex(store))
    #expect(try store.integrityCheck() == "ok")
    let ids = try storedIDs(store)
    #expect(ids.count == Self.total - 1)
    #expect(ids == ids.sorted { $0.lexicographicallyPrecedes($1) })
    let entries = try store.loadList(list).entries
    let texts = (0..<Self.total).filter { $0 != Self.total - 3 }.map { "e\($0)" }
    #expect(entries.map(\.text) == texts)
    #expect(try store.entry(.id(given!), in: list).text == "e5")
  }

  @Test func aListWithManyEntriesGetsRandomIDsAsBefore() throws {
    let store = try SQLiteStore(path: temporary.path)
    let list = try store.createList(title: "Full", rule: .text).id
    _ = try store.add((0..<2_000).map { "old\($0)" }, to: list)
    let batch = try store.beginImport(into: list)
    batch.expectRows(atMost: ImportBatch.deferredIndexThreshold)  // < 2,000 × rowsPerInsert
    for number in 0..<1_000 { try batch.add(text: "new\(number)") }
    try batch.commit()
    let ids = try storedIDs(store).suffix(1_000)
    #expect(Array(ids) != ids.sorted { $0.lexicographicallyPrecedes($1) })
  }

  /// A failure of the insert thread in the middle of the file (here a trigger refusing one
  /// row) stops the import; nothing of it is stored.
  @Test func aFailureOnTheInsertThreadLosesNothingAndStoresNothing() throws {
    let store = try SQLiteStore(path: temporary.path)
    let list = try store.createList(title: "Big", rule: .text).id
    _ = try store.add(["Kept"], to: list)
    try store.database.execute(
      """
      CREATE TRIGGER poison BEFORE INSERT ON entries WHEN NEW.text = 'poison'
      BEGIN SELECT RAISE(ABORT, 'poisoned row'); END
      """)
    let batch = try store.beginImport(into: list)
    batch.expectRows(atMost: Self.total)
    let poisoned = ImportBatch.deferredIndexThreshold + ImportBatch.rowsPerChunk + 3
    var failure: StoreError?
    var added = 0
    do throws(StoreError) {
      for number in 0..<Self.total {
        try batch.add(text: number == poisoned ? "poison" : "e\(number)")
        added += 1
      }
      try batch.commit()
    } catch {
      failure = error
      batch.cancel()
    }
    guard case .database(let message) = failure else {
      Issue.record("expected the trigger's refusal, got \(String(describing: failure))")
      return
    }
    #expect(message.contains("poisoned row"))
    #expect(added > poisoned)  // reported by a later row, not the poisoned one
    let reopened = try SQLiteStore(path: temporary.path)
    #expect(try reopened.loadList(list).entries.map(\.text) == ["Kept"])
    #expect(try reopened.lists().first?.count == 1)
    #expect(try reopened.integrityCheck() == "ok")
  }
}
