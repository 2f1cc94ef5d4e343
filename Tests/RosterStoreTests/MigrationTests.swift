import Foundation
import RosterBackend
import RosterKit
import RosterTestSupport
import Testing

@testable import RosterStore

@Suite struct MigrationTests {
  let temporary = TemporaryDatabase()

  @Test func aFirstSchemaDatabaseIsMigratedWithItsData() throws {
    do {
      let database = try Database(path: temporary.path)
      try database.execute(Schema.version1)
      try database.execute("PRAGMA user_version = 1")
      try database.execute(
        """
        INSERT INTO lists (id, uuid, title, rule, created)
          VALUES (1, '00000000-0000-0000-0000-000000000001', 'Old', 'text', 0);
        INSERT INTO categories VALUES (1, 'Staff', '#112233', 0);
        INSERT INTO entries VALUES
          (1, 20, X'0000000000000000000000000000000b', 'Second', NULL, 0, 0),
          (1, 10, X'0000000000000000000000000000000a', 'First', 'Staff', 0, 0);
        """)
    }
    let store = try SQLiteStore(path: temporary.path)
    let id = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
    let list = try store.loadList(id)
    #expect(list.entries.map(\.text) == ["First", "Second"])
    #expect(list.entries.first?.id == UUID(uuidString: "00000000-0000-0000-0000-00000000000a"))
    #expect(try store.lists().map(\.count) == [2])
    #expect(list.categories == [EntryCategory(name: "Staff", color: CategoryColor(hex: "#112233"))])
    #expect(try store.database.integer("PRAGMA user_version") == Int64(Schema.current))
    try store.add(["Third"], to: id)
    #expect(try store.undo(in: id) != nil)
  }

  @Test func aNewerSchemaIsRefused() throws {
    do {
      let database = try Database(path: temporary.path)
      try database.execute("PRAGMA user_version = 99")
    }
    #expect(throws: StoreError.self) { try SQLiteStore(path: temporary.path) }
  }
}
