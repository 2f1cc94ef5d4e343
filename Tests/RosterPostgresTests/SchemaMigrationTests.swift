import Foundation
import RosterBackend
import RosterKit
import RosterTestSupport
import Testing

@testable import RosterPostgres

/// A database of an older schema, holding rows as that version of Roster wrote them, migrated
/// by `db init` (``PostgresStore/initializeSchema(conninfo:environment:)``).
@Suite struct SchemaMigrationTests {
  @Test func jsonEditsOfSchema2AreReadAfterTheMigrationToBytes() throws {
    let server = try TemporaryPostgres.shared()
    let uri = try server.makeDatabase()
    let list = UUID()
    let writer = UUID()
    let anna = Entry(id: UUID(), text: "Anna", created: Date(timeIntervalSinceReferenceDate: 1))
    let bob = Entry(id: UUID(), text: "Bob", created: Date(timeIntervalSinceReferenceDate: 2))
    let logged: [[ListEdit]] = [
      [.insert(anna, offset: 0, after: nil)], [.insert(bob, offset: 1, after: anna.id)],
    ]
    // Schema 2 as it shipped, with what its PostgresStore wrote: JSON text in `edits`.
    let json = try logged.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
    try server.sql(
      "CREATE TABLE roster_schema (version integer NOT NULL); INSERT INTO roster_schema VALUES (2);"
        + PostgresSchema.version1 + PostgresSchema.version2
          + """
          INSERT INTO lists (uuid, title, rule, created, team, seq, size)
            VALUES ('\(list)', 'Guests', 'text', 0, 'roster'::regrole, 2, 2);
          INSERT INTO entries SELECT id, 1000, '\(anna.id)', 'Anna', NULL, 1, 1 FROM lists;
          INSERT INTO entries SELECT id, 2000, '\(bob.id)', 'Bob', NULL, 2, 2 FROM lists;
          INSERT INTO changes SELECT id, 1, '\(writer)', $j$\(json[0])$j$ FROM lists;
          INSERT INTO changes SELECT id, 2, '\(writer)', $j$\(json[1])$j$ FROM lists;
          INSERT INTO history (list, stack, writer, edits)
            SELECT id, 0, '\(writer)', $j$\(json[0])$j$ FROM lists;
          INSERT INTO history (list, stack, writer, edits)
            SELECT id, 0, '\(writer)', $j$\(json[1])$j$ FROM lists;
          """, uri: uri)

    let migrated = try PostgresStore.initializeSchema(conninfo: uri)
    #expect(migrated.before == 2)
    #expect(migrated.after == PostgresSchema.current)
    let type = try server.sql(
      "SELECT string_agg(data_type, ' ') FROM information_schema.columns"
        + " WHERE table_name IN ('changes', 'history') AND column_name = 'edits'", uri: uri)
    #expect(type == "bytea bytea\n")

    let store = try PostgresStore(conninfo: uri)
    #expect(try store.loggedChanges(in: list, since: 0).map(\.edits) == logged)
    let (caughtUp, position) = try store.changes(in: list, since: 0)
    #expect(position == 2)
    #expect(Set(caughtUp.compactMap(\.entryID)) == [anna.id, bob.id])

    // The JSON undo steps undo, move to redo as bytes, and come back.
    #expect(try store.undo(in: list) != nil)
    #expect(try store.loadList(list).entries.map(\.text) == ["Anna"])
    #expect(try store.redo(in: list) != nil)
    #expect(try store.loadList(list).entries.map(\.text) == ["Anna", "Bob"])
    #expect(try store.undo(in: list) != nil)
    #expect(try store.undo(in: list) != nil)
    #expect(try store.undo(in: list) == nil)
    #expect(try store.loadList(list).isEmpty)

    let newRows = try server.sql(
      "SELECT string_agg(DISTINCT encode(substr(edits, 1, 1), 'hex'), ' ') FROM changes"
        + " WHERE seq > 2", uri: uri)
    #expect(newRows == "\(String(EditCoding.magic, radix: 16))\n")
    #expect(try store.loggedChanges(in: list, since: 2).count == 4)
  }

  /// A schema 4 database's attendance events gain `offline`, as made online; its undo step
  /// (JSON written before the flag) still undoes, and an offline double check-in is kept after.
  @Test func attendanceOfSchema4GainsTheOfflineFlag() throws {
    let server = try TemporaryPostgres.shared()
    let uri = try server.makeDatabase()
    _ = try PostgresStore.initializeSchema(conninfo: uri)
    let (list, session, ids): (UUID, UUID, [UUID])
    do {
      let store = try PostgresStore(conninfo: uri)
      list = try store.createList(title: "Guests", rule: .text).id
      ids = try store.add(["Anna", "Bob"], to: list).map(\.id)
      session = try store.session(named: "Evening", in: list, creating: true).id
      _ = try store.checkIn([ids[0]], session: session, in: list)
      _ = try store.checkIn([ids[1]], session: session, in: list)
    }
    _ = try server.sql(
      "ALTER TABLE attendance_events DROP COLUMN offline; UPDATE roster_schema SET version = 4;",
      uri: uri)

    let migrated = try PostgresStore.initializeSchema(conninfo: uri)
    #expect(migrated.before == 4 && migrated.after == PostgresSchema.current)
    let store = try PostgresStore(conninfo: uri)
    #expect(
      try store.attendanceLog(in: list, session: nil, after: 0).map(\.madeOffline)
        == [false, false])
    #expect(try store.undoAttendance(in: list)?.stored.map(\.entry) == [ids[1]])
    let mine = AttendanceEvent(
      id: UUID(), kind: .checkin, session: session, entry: ids[0], status: "present", at: Date(),
      by: "door", device: "door-2", madeOffline: true)
    #expect(try store.record([mine], in: list, undoable: true).doubles.count == 1)
    #expect(
      try store.attendanceLog(in: list, session: nil, after: 0).map(\.madeOffline)
        == [false, false, false, true])
  }

  @Test func hexSpellsEveryByteAndRefusesWhatIsNotHex() {
    let bytes = (0...255).map(UInt8.init)
    let text = HexBytes.text(bytes)
    #expect(text.count == 512)
    #expect(text.hasPrefix("000102"))
    #expect(text.hasSuffix("fdfeff"))
    #expect(HexBytes.bytes(text) == Data(bytes))
    #expect(HexBytes.bytes("B1ff") == Data([0xB1, 0xFF]))
    #expect(HexBytes.bytes("") == Data())
    #expect(HexBytes.bytes("abc") == nil)
    #expect(HexBytes.bytes("zz") == nil)
  }
}
