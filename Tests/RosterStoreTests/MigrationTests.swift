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

  /// A schema 5 file gains the attendance tables and keeps its entries; a check-in counts, and
  /// deleting the entry takes it out of the count (the triggers of schema 6).
  @Test func aFifthSchemaDatabaseGainsAttendance() throws {
    let id = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
    let anna = UUID(uuidString: "00000000-0000-0000-0000-00000000000a")!
    do {
      let database = try Database(path: temporary.path)
      for migration in Schema.migrations.prefix(5) { try database.execute(migration) }
      try database.execute("PRAGMA user_version = 5")
      try database.execute(
        """
        INSERT INTO lists (id, uuid, title, rule, created, size)
          VALUES (1, '\(UUIDText.string(id))', 'Old', 'text', 0, 1);
        INSERT INTO entries VALUES (1, 10, X'0000000000000000000000000000000a', 'Anna', NULL, 0, 0);
        """)
    }
    let store = try SQLiteStore(path: temporary.path)
    #expect(try store.database.integer("PRAGMA user_version") == Int64(Schema.current))
    #expect(try store.loadList(id).entries.map(\.id) == [anna])
    let session = try store.session(named: "Evening", in: id, creating: true)
    #expect(try store.checkIn([anna], session: session.id, in: id).counts.last?.checkedIn == 1)
    _ = try store.remove([.id(anna)], from: id)
    #expect(try store.attendanceSessions(in: id).first?.counts.checkedIn == 0)
    #expect(try store.attendanceLog(in: id, session: nil, after: 0).count == 1)
  }

  /// A schema 6 file's events gain the `offline` column, as made online; its undo step (JSON
  /// written before the flag) still undoes, and an offline double check-in is kept after.
  @Test func aSixthSchemaDatabaseGainsTheOfflineFlag() throws {
    let (list, session, ids): (UUID, UUID, [UUID])
    do {
      let store = try SQLiteStore(path: temporary.path)
      list = try store.createList(title: "Old", rule: .text).id
      ids = try store.add(["Anna", "Bob"], to: list).map(\.id)
      session = try store.session(named: "Evening", in: list, creating: true).id
      _ = try store.checkIn([ids[0]], session: session, in: list)
      _ = try store.checkIn([ids[1]], session: session, in: list)
      try store.database.execute(
        "ALTER TABLE attendance_events DROP COLUMN offline; PRAGMA user_version = 6")
    }
    let store = try SQLiteStore(path: temporary.path)
    #expect(try store.database.integer("PRAGMA user_version") == Int64(Schema.current))
    let log = try store.attendanceLog(in: list, session: nil, after: 0)
    #expect(log.map(\.madeOffline) == [false, false])
    #expect(try store.undoAttendance(in: list)?.stored.map(\.entry) == [ids[1]])
    let mine = AttendanceEvent(
      id: UUID(), kind: .checkin, session: session, entry: ids[0], status: "present", at: Date(),
      by: "door", device: "door-2", madeOffline: true)
    #expect(try store.record([mine], in: list, undoable: true).doubles.count == 1)
    #expect(
      try store.attendanceLog(in: list, session: nil, after: 0).map(\.madeOffline)
        == [false, false, false, true])
  }

  /// A schema 4 file's undo step and change-log row are JSON: after the migration to 5 they
  /// still undo and still read, and new rows are written in `EditCoding`.
  @Test func aFourthSchemaDatabaseKeepsItsJSONHistory() throws {
    let list = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
    let added = Entry(
      id: UUID(uuidString: "00000000-0000-0000-0000-00000000000b")!, text: "Second",
      created: Date(timeIntervalSinceReferenceDate: 0))
    let first = UUID(uuidString: "00000000-0000-0000-0000-00000000000a")!
    let step = [ListEdit.insert(added, offset: 1, after: first)]
    let json = String(decoding: try JSONEncoder().encode(step), as: UTF8.self)
    do {
      let database = try Database(path: temporary.path)
      for migration in Schema.migrations.prefix(4) { try database.execute(migration) }
      try database.execute("PRAGMA user_version = 4")
      try database.execute(
        """
        INSERT INTO lists (id, uuid, title, rule, created, size)
          VALUES (1, '\(UUIDText.string(list))', 'Old', 'text', 0, 2);
        INSERT INTO entries VALUES
          (1, 10, X'0000000000000000000000000000000a', 'First', NULL, 0, 0),
          (1, 20, X'0000000000000000000000000000000b', 'Second', NULL, 0, 0);
        INSERT INTO history (list, stack, writer, edits) VALUES (1, 0, 'old', CAST('\(json)' AS BLOB));
        INSERT INTO changes (list, writer, edits) VALUES (1, 'old', CAST('\(json)' AS BLOB));
        """)
    }
    let store = try SQLiteStore(path: temporary.path)
    #expect(try store.database.integer("PRAGMA user_version") == Int64(Schema.current))
    #expect(try store.loggedChanges(in: list, since: 0).map(\.edits) == [step])
    #expect(try store.undo(in: list) == [.remove(added, offset: 1, after: first)])
    #expect(try store.loadList(list).entries.map(\.text) == ["First"])
    let rows = try store.database.statement("SELECT edits FROM history")
    #expect(try rows.step())
    #expect(rows.blob(0).map(EditCoding.isEncoding) == true)
    rows.reset()
    #expect(try store.redo(in: list) == step)
    #expect(try store.loadList(list).entries.map(\.text) == ["First", "Second"])
  }

  @Test func aNewerSchemaIsRefused() throws {
    do {
      let database = try Database(path: temporary.path)
      try database.execute("PRAGMA user_version = 99")
    }
    #expect(throws: StoreError.self) { try SQLiteStore(path: temporary.path) }
  }
}
