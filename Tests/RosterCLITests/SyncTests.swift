import Foundation
import RosterTestSupport
import Testing

/// `roster sync`, `roster sync --status` and `--offline-ok` as a person runs them: a real
/// server, stopped and resumed, and a replica in a state folder of the test's own.
@Suite struct SyncTests {
  let binary: RosterBinary
  let home: TemporaryRosterHome

  init() throws {
    binary = try RosterBinary.locate()
    home = try TemporaryRosterHome(prefix: "roster-sync")
  }

  /// The environment for `uri`, with a state folder (where the replica lives) of its own.
  func environment(_ uri: String, state: String = "state") -> [String: String] {
    var environment = home.environment
    environment["ROSTER_DB"] = uri
    environment["XDG_STATE_HOME"] = home.folder.appendingPathComponent(state).path
    return environment
  }

  /// A server of its own with the list “Guests” holding Anna Lindqvist, synced into this
  /// machine's replica, then stopped: what an offline command starts from.
  func stoppedAfterSync() throws -> (TemporaryPostgres, [String: String]) {
    let server = try TemporaryPostgres.dedicated()
    let env = environment(try server.makeDatabase())
    try succeed(env, "db", "init")
    try succeed(env, "lists", "create", "Guests")
    try succeed(env, "add", "--list", "Guests", "Anna Lindqvist")
    try succeed(env, "sync")
    try server.stop()
    return (server, env)
  }

  func run(_ environment: [String: String], _ arguments: String...) throws -> RosterBinary.Result {
    try binary.run(arguments, environment: environment)
  }

  @discardableResult
  func succeed(_ environment: [String: String], _ arguments: String...) throws
    -> RosterBinary.Result
  {
    let result = try binary.run(arguments, environment: environment)
    #expect(result.status == 0, "roster \(arguments): \(result.stderr)")
    return result
  }

  /// The texts of a list as `show --json` prints them.
  func texts(_ environment: [String: String], _ extra: String..., list: String = "Guests") throws
    -> [String]
  {
    let result = try binary.run(
      extra + ["show", "--json", "--list", list], environment: environment)
    #expect(result.status == 0, "show: \(result.stderr)")
    let array = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
    return (array ?? []).compactMap { $0["text"] as? String }
  }

  /// `sync --status --json`, parsed.
  func status(_ environment: [String: String]) throws -> [String: Any] {
    let result = try succeed(environment, "sync", "--status", "--json")
    return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
      ?? [:]
  }

  @Test func syncPrintsWhereItStands() throws {
    let server = try TemporaryPostgres.shared()
    let env = environment(try server.makeDatabase())
    try succeed(env, "db", "init")
    try succeed(env, "lists", "create", "Guests")
    try succeed(env, "add", "--list", "Guests", "Anna Lindqvist")
    let before = try status(env)
    #expect(before["waiting"] as? Int == 0)
    #expect(before["last_sync"] is NSNull)
    #expect(
      try succeed(env, "sync", "--status").stdout
        == "0 changes waiting to be sent; never in sync.\n")
    let result = try succeed(env, "sync")
    #expect(result.stdout == "In sync with 127.0.0.1:\(server.port): 1 list, 0 changes waiting.\n")
    let after = try status(env)
    #expect(after["last_sync"] is String)
    #expect((after["rejected"] as? [Any])?.isEmpty == true)
  }

  @Test func offlineChangesWaitAndAreSentOnce() throws {
    let (server, env) = try stoppedAfterSync()

    let offline = try run(env, "sync")
    #expect(offline.status == 1)
    #expect(
      offline.stderr.hasPrefix("Offline: 0 changes waiting (in sync as of "), "\(offline.stderr)")

    let added = try run(env, "--offline-ok", "add", "--list", "Guests", "Zoë Saldaña")
    #expect(added.status == 0, "\(added.stderr)")
    #expect(added.stdout.contains("Added "))
    #expect(added.stderr == "Saved offline: 1 change waiting to be sent.\n")
    #expect(try status(env)["waiting"] as? Int == 1)
    #expect(try texts(env, "--offline-ok") == ["Anna Lindqvist", "Zoë Saldaña"])
    // A command that changed nothing says it showed this machine's copy, not that it saved.
    let shown = try run(env, "--offline-ok", "show", "--list", "Guests")
    #expect(
      shown.stderr.hasPrefix("Offline: 1 change waiting (in sync as of "), "\(shown.stderr)")
    let still = try run(env, "sync")
    #expect(still.status == 1)
    #expect(still.stderr.hasPrefix("Offline: 1 change waiting (in sync as of "))

    // What needs the server says so, naming the command.
    let create = try run(env, "--offline-ok", "lists", "create", "Staff")
    #expect(create.status == 1)
    #expect(create.stderr.contains("roster lists create needs the server"), "\(create.stderr)")
    // A replica never in sync has nothing to work on.
    let fresh = environment(env["ROSTER_DB"] ?? "", state: "other-state")
    let empty = try run(fresh, "--offline-ok", "show", "--list", "Guests")
    #expect(empty.status == 1)
    #expect(empty.stderr.contains("no copy of the server's lists yet"), "\(empty.stderr)")
    #expect(try run(fresh, "sync").stderr == "Offline: 0 changes waiting (never in sync).\n")

    try server.resume()
    let synced = try succeed(env, "sync")
    #expect(synced.stdout == "In sync with 127.0.0.1:\(server.port): 1 list, 0 changes waiting.\n")
    #expect(try texts(env) == ["Anna Lindqvist", "Zoë Saldaña"])
    try succeed(env, "sync")
    #expect(try texts(env) == ["Anna Lindqvist", "Zoë Saldaña"])
    #expect(try status(env)["waiting"] as? Int == 0)
  }

  @Test func checkInsMadeOfflineWaitAndOneThatCameSecondIsKeptAsADouble() throws {
    let (server, env) = try stoppedAfterSync()
    let checkin = ["--offline-ok", "checkin", "--list", "Guests", "--session", "Friday"]
    let done = try binary.run(checkin + ["#1"], environment: env)
    #expect(done.status == 0, "\(done.stderr)")
    #expect(done.stdout.hasPrefix("Checked in ") && done.stdout.contains("(1 of 1)"))
    #expect(done.stderr == "Saved offline: 1 change waiting to be sent.\n")
    // This machine's copy shows it, and refuses a second check-in at once.
    let shown = try succeed(
      env, "--offline-ok", "attendance", "--list", "Guests", "--session", "Friday")
    #expect(shown.stdout.contains("1 of 1 checked in"), "\(shown.stdout)")
    let again = try binary.run(checkin + ["#1"], environment: env)
    #expect(again.status == 1)
    #expect(again.stderr.contains("was already checked in"), "\(again.stderr)")
    #expect(try status(env)["waiting"] as? Int == 1)

    // Meanwhile another door, online, checks Anna in first.
    try server.resume()
    let door = environment(env["ROSTER_DB"] ?? "", state: "door-state")
    try succeed(door, "checkin", "--list", "Guests", "--session", "Friday", "#1")
    let synced = try run(env, "sync")
    #expect(synced.status == 0)
    #expect(synced.stderr.contains("“Anna Lindqvist” was checked in twice: "), "\(synced.stderr)")
    #expect(synced.stderr.contains("(offline)"), "\(synced.stderr)")
    let log = try succeed(
      door, "attendance", "--log", "--json", "--list", "Guests", "--session", "Friday")
    let events = try JSONSerialization.jsonObject(with: Data(log.stdout.utf8)) as? [[String: Any]]
    #expect(events?.count == 2)
    #expect(events?.last?["offline"] as? Bool == true)
    #expect(events?.last?["double"] as? Bool == true)
    let counted = try succeed(door, "attendance", "--list", "Guests", "--session", "Friday")
    #expect(counted.stdout.contains("1 of 1 checked in"), "\(counted.stdout)")
    // The replica holds the server's log: the copy agrees.
    let copy = try succeed(
      env, "--offline-ok", "attendance", "--log", "--json", "--list", "Guests", "--session",
      "Friday")
    #expect(copy.stdout == log.stdout)
  }

  @Test func aChangeForADeletedListIsRejected() throws {
    let (server, env) = try stoppedAfterSync()
    try succeed(env, "--offline-ok", "edit", "--list", "Guests", "#1", "Anna Berg")
    #expect(try status(env)["waiting"] as? Int == 1)
    try server.resume()
    try succeed(env, "lists", "delete", "Guests")

    let synced = try run(env, "sync")
    #expect(synced.status == 0, "\(synced.stderr)")
    #expect(synced.stderr.contains("someone deleted its list meanwhile"), "\(synced.stderr)")
    #expect(synced.stdout.hasSuffix(": 0 lists, 0 changes waiting.\n"))
    let after = try status(env)
    #expect(after["waiting"] as? Int == 0)
    let rejected = after["rejected"] as? [[String: Any]] ?? []
    #expect(rejected.count == 1)
    #expect(rejected.first?["list"] as? String == "Guests")
    #expect(rejected.first?["entry"] as? String == "Anna Berg")
    #expect(rejected.first?["at"] is String)
    let text = try succeed(env, "sync", "--status").stdout
    #expect(text.contains("Refused: “Anna Berg” in “Guests”: "), "\(text)")
  }

  @Test func badInputIsRefusedClearly() throws {
    let onSQLite = try run(home.environment, "sync")
    #expect(onSQLite.status == 1)
    #expect(onSQLite.stderr.contains("roster sync works with a PostgreSQL database"))
    let unknown = try run(home.environment, "sync", "--bogus")
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("Unknown option “--bogus” for roster sync."))
    let json = try run(home.environment, "sync", "--json")
    #expect(json.status == 2)
    #expect(json.stderr.contains("--json goes with --status."))
    let extra = try run(home.environment, "sync", "now")
    #expect(extra.status == 2)
    // On a SQLite file --offline-ok changes nothing.
    try succeed(home.environment, "--offline-ok", "add", "Anna Lindqvist")
    #expect(try texts(home.environment, list: "Names") == ["Anna Lindqvist"])
  }
}
