import Foundation
import RosterBackend
import RosterKit
import RosterPostgres
import RosterTestSupport
import Testing

/// The attendance tables under row-level security: another team's member sees and writes none
/// of a list's attendance, through Roster or through SQL with their own role; a member of the
/// team shares it, stamped with their own role, and undoes only their own check-ins.
@Suite struct AttendanceIsolationTests {
  /// Every attendance table.
  static let tables = [
    "attendance_statuses", "attendance_sessions", "attendance_status_counts",
    "attendance_states", "attendance_events", "attendance_undo",
  ]

  /// Team A's list with an entry checked in by Anna, a status added and a session.
  private func teamAList(_ database: TeamDatabase) throws -> (
    list: ListSummary, anna: PostgresStore, session: AttendanceSession, entry: UUID
  ) {
    let anna = try PostgresStore(conninfo: database.uri("anna"))
    let list = try anna.createList(
      title: "Door A", rule: .personalName, team: database.role("team_a"))
    let entry = try anna.add(["Zoë Saldaña"], category: nil, to: list.id)[0].id
    try anna.addAttendanceStatus(named: "online", countsAs: .present, in: list.id)
    let session = try anna.session(named: "Evening", in: list.id, creating: true)
    _ = try anna.checkIn([entry], session: session.id, in: list.id)
    return (list, anna, session, entry)
  }

  @Test func membersShareAttendanceStampedWithTheirOwnRole() throws {
    let database = try TeamDatabase()
    let (list, _, session, entry) = try teamAList(database)
    let carl = try PostgresStore(conninfo: database.uri("carl"))
    let refused = try carl.checkIn([entry], session: session.id, in: list.id).refused
    guard case .alreadyCheckedIn(let first) = refused.first?.error else {
      Issue.record("Carl's check-in was not refused: \(refused)")
      return
    }
    #expect(first.by == database.role("anna"))
    let out = try carl.checkOut([entry], session: session.id, in: list.id)
    #expect(out.stored.map(\.by) == [database.role("carl")])
    // Carl's undo is his own: Anna's check-in stays.
    #expect(try carl.undoAttendance(in: list.id)?.stored.map(\.kind) == [.checkin])
    #expect(try carl.undoAttendance(in: list.id) == nil)
    #expect(try carl.attendanceSessions(in: list.id).first?.counts.inside == 1)
  }

  @Test func anotherTeamSeesNothingThroughRoster() throws {
    let database = try TeamDatabase()
    let (list, _, session, entry) = try teamAList(database)
    let bob = try PostgresStore(conninfo: database.uri("bob"))
    let outcomes: [StoreError?] = [
      thrown { () throws(StoreError) in _ = try bob.attendanceSessions(in: list.id) },
      thrown { () throws(StoreError) in _ = try bob.attendanceStatuses(in: list.id) },
      thrown { () throws(StoreError) in _ = try bob.attendanceLedger(for: list.id) },
      thrown { () throws(StoreError) in
        _ = try bob.attendanceLog(in: list.id, session: nil, after: 0)
      },
      thrown { () throws(StoreError) in
        _ = try bob.checkIn([entry], session: session.id, in: list.id)
      },
      thrown { () throws(StoreError) in _ = try bob.undoAttendance(in: list.id) },
    ]
    for outcome in outcomes {
      guard case .listNotFound = outcome else {
        Issue.record("Expected listNotFound, got \(String(describing: outcome))")
        continue
      }
    }
  }

  @Test func anotherTeamSeesNothingThroughSQL() throws {
    let database = try TeamDatabase()
    _ = try teamAList(database)
    let count = Self.tables.map { "SELECT count(*) FROM \($0);" }.joined(separator: " ")
    let owner = try database.sqlAsOwner(count)
    #expect(owner.split(separator: "\n").allSatisfy { $0 != "0" }, "\(owner)")
    let seen = try database.sql(count, as: "bob")
    #expect(seen.split(separator: "\n") == Array(repeating: "0", count: Self.tables.count))
    let row = try database.sqlAsOwner("SELECT id FROM lists WHERE title = 'Door A'")
      .trimmingCharacters(in: .whitespacesAndNewlines)
    for table in Self.tables {
      let changed = try database.sql(
        "WITH done AS (UPDATE \(table) SET list = list WHERE list = \(row) RETURNING 1),"
          + " gone AS (DELETE FROM \(table) WHERE list = \(row) RETURNING 1)"
          + " SELECT (SELECT count(*) FROM done) + (SELECT count(*) FROM gone)", as: "bob")
      #expect(changed.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "\(table)")
    }
    let session = "gen_random_uuid()"
    let inserts = [
      "INSERT INTO attendance_statuses VALUES (\(row), 'sneaky', 'present', 9)",
      "INSERT INTO attendance_sessions (list, id, name, position) VALUES (\(row), \(session),"
        + " 'Night', 9)",
      "INSERT INTO attendance_status_counts VALUES (\(row), \(session), 'present', 1)",
      "INSERT INTO attendance_states VALUES (\(row), \(session), gen_random_uuid(), 'present',"
        + " 1, 1, 1, '{}')",
      "INSERT INTO attendance_events (list, seq, id, kind, session, entry, status, at, device,"
        + " received_at) VALUES (\(row), 99, gen_random_uuid(), 'checkin', \(session),"
        + " gen_random_uuid(), 'present', 0, 'x', 0)",
      "INSERT INTO attendance_undo (list, position, events) VALUES (\(row), 0, '[]')",
    ]
    for insert in inserts {
      #expect(throws: TemporaryPostgres.StartFailure.self, "\(insert)") {
        try database.sql(insert, as: "bob")
      }
    }
    // A member cannot log an event in a colleague's name.
    #expect(throws: TemporaryPostgres.StartFailure.self) {
      try database.sql(
        "INSERT INTO attendance_events (list, seq, id, kind, session, entry, status, at, by,"
          + " device, received_at) VALUES (\(row), 98, gen_random_uuid(), 'checkin', \(session),"
          + " gen_random_uuid(), 'present', 0, '\(database.role("anna"))', 'x', 0)",
        as: "carl")
    }
    #expect(
      try database.sql("SELECT count(*) FROM attendance_undo", as: "carl")
        .trimmingCharacters(in: .whitespacesAndNewlines) == "0")
  }
}
