import Foundation
import RosterBackend
import RosterKit
import RosterPostgres
import RosterTestSupport
import Testing

/// Two teams, each with members: no row of one team's lists can be read or written by the
/// other, through Roster or through SQL with the member's own role, on every table.
@Suite struct TeamIsolationTests {
  /// Every table that holds list data, with a column to count.
  static let tables = ["lists", "categories", "entries", "changes", "history"]

  /// Team A's list with one entry in a category, an undo step and a change-log row.
  private func teamAList(_ database: TeamDatabase) throws -> (ListSummary, PostgresStore) {
    let anna = try PostgresStore(conninfo: database.uri("anna"))
    let list = try anna.createList(
      title: "Door A", rule: .personalName, team: database.role("team_a"))
    try anna.add(["Anna Lindqvist"], category: "Staff", to: list.id)
    return (list, anna)
  }

  @Test func membersOfTheTeamShareTheList() throws {
    let database = try TeamDatabase()
    let (list, _) = try teamAList(database)
    let carl = try PostgresStore(conninfo: database.uri("carl"))
    #expect(try carl.lists().map(\.title) == ["Door A"])
    try carl.add(["Carl Berg"], category: nil, to: list.id)
    #expect(try carl.loadList(list.id).entries.map(\.text) == ["Anna Lindqvist", "Carl Berg"])
  }

  @Test func anotherTeamSeesNothingThroughRoster() throws {
    let database = try TeamDatabase()
    let (list, _) = try teamAList(database)
    let bob = try PostgresStore(conninfo: database.uri("bob"))
    #expect(try bob.lists().isEmpty)
    #expect(try bob.list(titled: "Door A") == nil)
    let missing = UUIDText.string(list.id)
    let outcomes: [StoreError?] = [
      thrown { () throws(StoreError) in _ = try bob.loadList(list.id) },
      thrown { () throws(StoreError) in try bob.add(["Bob"], category: nil, to: list.id) },
      thrown { () throws(StoreError) in try bob.deleteList(list.id) },
      thrown { () throws(StoreError) in try bob.renameList(list.id, to: "Mine") },
      thrown { () throws(StoreError) in _ = try bob.undo(in: list.id) },
      thrown { () throws(StoreError) in _ = try bob.changes(in: list.id, since: 0) },
      thrown { () throws(StoreError) in _ = try bob.categories(in: list.id) },
    ]
    for outcome in outcomes {
      guard case .listNotFound(let name) = outcome else {
        Issue.record("Expected listNotFound, got \(String(describing: outcome))")
        continue
      }
      #expect(name == missing)
    }
  }

  @Test func anotherTeamSeesNothingThroughSQL() throws {
    let database = try TeamDatabase()
    let (list, _) = try teamAList(database)
    let owner = try database.sqlAsOwner(
      Self.tables.map { "SELECT count(*) FROM \($0);" }.joined(separator: " "))
    #expect(owner.split(separator: "\n").allSatisfy { $0 != "0" })
    let counts = try database.sql(
      Self.tables.map { "SELECT count(*) FROM \($0);" }.joined(separator: " "), as: "bob")
    #expect(counts.split(separator: "\n") == Array(repeating: "0", count: Self.tables.count))
    let row = try database.sqlAsOwner("SELECT id FROM lists WHERE title = 'Door A'")
      .trimmingCharacters(in: .whitespacesAndNewlines)
    // Writes that would touch team A's rows change nothing…
    for table in Self.tables {
      let column = table == "lists" ? "id" : "list"
      let updated = try database.sql(
        "WITH done AS (UPDATE \(table) SET \(column) = \(column) WHERE \(column) = \(row)"
          + " RETURNING 1) SELECT count(*) FROM done", as: "bob")
      #expect(updated.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "\(table)")
      let deleted = try database.sql(
        "WITH done AS (DELETE FROM \(table) WHERE \(column) = \(row) RETURNING 1)"
          + " SELECT count(*) FROM done", as: "bob")
      #expect(deleted.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "\(table)")
    }
    // …and rows that would land in them are refused.
    let inserts = [
      "INSERT INTO categories VALUES (\(row), 'X', '#000000', 9)",
      "INSERT INTO entries VALUES (\(row), 99, gen_random_uuid(), 'Bob', NULL, 0, 0)",
      "INSERT INTO changes VALUES (\(row), 999, gen_random_uuid(), NULL)",
      "INSERT INTO history (list, stack, writer, edits) VALUES (\(row), 0, gen_random_uuid(), '[]')",
      "INSERT INTO lists (uuid, title, rule, created, team) VALUES (gen_random_uuid(), 'Theirs',"
        + " 'text', 0, '\(database.role("team_a"))'::regrole)",
    ]
    for insert in inserts {
      #expect(throws: TemporaryPostgres.StartFailure.self, "\(insert)") {
        try database.sql(insert, as: "bob")
      }
    }
    // Nor can Bob move his own list into team A.
    let bob = try PostgresStore(conninfo: database.uri("bob"))
    _ = try bob.createList(title: "Door B", rule: .text, team: database.role("team_b"))
    #expect(throws: TemporaryPostgres.StartFailure.self) {
      try database.sql(
        "UPDATE lists SET team = '\(database.role("team_a"))'::regrole WHERE title = 'Door B'",
        as: "bob")
    }
    #expect(try PostgresStore(conninfo: database.uri("anna")).loadList(list.id).count == 1)
  }

  @Test func aListWithoutATeamIsPrivateToItsCreator() throws {
    let database = try TeamDatabase()
    let anna = try PostgresStore(conninfo: database.uri("anna"))
    _ = try anna.createList(title: "Mine", rule: .text, team: nil)
    let carl = try PostgresStore(conninfo: database.uri("carl"))
    #expect(try carl.lists().isEmpty)
    #expect(try anna.lists().map(\.title) == ["Mine"])
  }

  @Test func aTeamYouAreNotInIsRefused() throws {
    let database = try TeamDatabase()
    let bob = try PostgresStore(conninfo: database.uri("bob"))
    let outcome = thrown { () throws(StoreError) in
      _ = try bob.createList(title: "Sneaky", rule: .text, team: database.role("team_a"))
    }
    guard case .notTeamMember(let team) = outcome else {
      Issue.record("refused with \(String(describing: outcome))")
      return
    }
    #expect(team == database.role("team_a"))
    let unknown = thrown { () throws(StoreError) in
      _ = try bob.createList(title: "Sneaky", rule: .text, team: "no_such_team")
    }
    guard case .teamNotFound("no_such_team") = unknown else {
      Issue.record("refused with \(String(describing: unknown))")
      return
    }
  }

  @Test func undoUndoesYourOwnLastActionNotAColleagues() throws {
    let database = try TeamDatabase()
    let (list, anna) = try teamAList(database)
    let carl = try PostgresStore(conninfo: database.uri("carl"))
    try carl.add(["Carl Berg"], category: nil, to: list.id)
    try anna.add(["Zoë Smith"], category: nil, to: list.id)
    try carl.add(["Dora Lind"], category: nil, to: list.id)
    _ = try anna.undo(in: list.id)
    #expect(
      try carl.loadList(list.id).entries.map(\.text) == [
        "Anna Lindqvist", "Carl Berg", "Dora Lind",
      ])
    _ = try carl.undo(in: list.id)
    #expect(try anna.loadList(list.id).entries.map(\.text) == ["Anna Lindqvist", "Carl Berg"])
    _ = try anna.redo(in: list.id)
    #expect(
      try anna.loadList(list.id).entries.map(\.text) == [
        "Anna Lindqvist", "Carl Berg", "Zoë Smith",
      ])
  }
}

/// The error `body` throws, or `nil`.
func thrown(_ body: () throws(StoreError) -> Void) -> StoreError? {
  do throws(StoreError) {
    try body()
    return nil
  } catch {
    return error
  }
}
