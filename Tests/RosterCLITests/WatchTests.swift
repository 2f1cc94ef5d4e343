import Foundation
import RosterBackend
import RosterKit
import RosterStore
import RosterTestSupport
import Testing

/// `roster watch` as a person runs it: a watching process, changes made by other `roster`
/// processes, and the lines it prints.
@Suite struct WatchTests {
  /// The engine a test runs on: a SQLite file, or a database on the tests' PostgreSQL server.
  enum Engine: String, CaseIterable, CustomTestStringConvertible {
    case sqlite, postgres
    var testDescription: String { rawValue }
  }

  let binary: RosterBinary
  let home: TemporaryRosterHome
  private(set) var environment: [String: String]

  init() throws {
    binary = try RosterBinary.locate()
    home = try TemporaryRosterHome(prefix: "roster-watch")
    environment = home.environment
  }

  /// The suite pointed at `engine`: for PostgreSQL a fresh database, initialized.
  func on(_ engine: Engine) throws -> WatchTests {
    var copy = self
    if engine == .postgres {
      copy.environment["ROSTER_DB"] = try TemporaryPostgres.shared().makeDatabase()
      try copy.roster("db", "init")
    }
    return copy
  }

  @discardableResult
  func roster(_ arguments: String...) throws -> RosterBinary.Result {
    let result = try binary.run(arguments, environment: environment)
    #expect(result.status == 0, "roster \(arguments): \(result.stderr)")
    return result
  }

  /// The list as `show --json` prints it: (id, text) in order.
  func shown(_ list: String = "Names") throws -> [Pair] {
    let result = try roster("show", "--json", "--list", list)
    let array = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
    return (array ?? []).map {
      Pair(id: $0["id"] as? String ?? "", text: $0["text"] as? String ?? "")
    }
  }

  struct Pair: Equatable, CustomStringConvertible {
    let id: String
    let text: String
    var description: String { "\(id.prefix(8)) \(text)" }
  }

  /// `start` with the events applied in order, as a consumer of `watch --json` would.
  static func replay(_ events: [[String: Any]], onto start: [Pair]) -> [Pair] {
    var list = start
    for event in events {
      let id = event["id"] as? String ?? ""
      let text = event["text"] as? String ?? ""
      let position = (event["position"] as? Int).map { $0 - 1 }
      switch event["kind"] as? String {
      case "insert": list.insert(Pair(id: id, text: text), at: min(position ?? 0, list.count))
      case "remove": list.removeAll { $0.id == id }
      case "update":
        if let index = list.firstIndex(where: { $0.id == id }) {
          list[index] = Pair(id: id, text: text)
        }
      case "move":
        list.removeAll { $0.id == id }
        list.insert(Pair(id: id, text: text), at: min(position ?? 0, list.count))
      default: list.append(Pair(id: "?", text: "\(event)"))
      }
    }
    return list
  }

  @Test(arguments: Engine.allCases)
  func printsEachLaterChangeWithKindIdTextAndPosition(engine: Engine) throws {
    let t = try on(engine)
    try t.roster("add", "Anna", "Bob", "Carl")
    let before = try t.shown()
    let watch = try WatchProcess(
      t.binary, ["--json", "--list", "Names"], environment: t.environment)
    #expect(watch.waitUntilFollowing())
    try t.roster("add", "Dora")
    try t.roster("mv", "#1", "3")
    try t.roster("edit", "#2", "Bobby")
    try t.roster("rm", "#1")
    try t.roster("add", "Eve", "Finn")
    let after = try t.shown()
    #expect(watch.waitForLines(6))
    #expect(watch.stop(SIGINT) == 0)
    let events = watch.events
    #expect(
      events.map { $0["kind"] as? String } == [
        "insert", "move", "update", "remove", "insert", "insert",
      ])
    #expect(events.allSatisfy { $0["list"] as? String == "Names" })
    let dora = after.first { $0.text == "Dora" }!
    #expect(events[0]["id"] as? String == dora.id)
    #expect(events[0]["text"] as? String == "Dora")
    #expect(events[0]["position"] as? Int == 4)
    #expect(events[1]["id"] as? String == before[0].id)
    #expect(events[1]["position"] as? Int == 3)
    #expect(events[2]["text"] as? String == "Bobby")
    #expect(events[2]["position"] == nil)
    #expect(events[3]["id"] as? String == before[1].id)
    #expect(events[4]["position"] as? Int == 4)
    #expect(events[5]["position"] as? Int == 5)
    // Nothing from before the start, and each action's seq once, in order.
    let earlier = Set(before.map(\.id))
    #expect(
      !events.contains {
        $0["kind"] as? String == "insert" && earlier.contains($0["id"] as? String ?? "")
      })
    let sequences = events.compactMap { $0["seq"] as? Int }
    #expect(sequences == sequences.sorted() && Set(sequences).count == 5)
    #expect(Self.replay(events, onto: before) == after)
    #expect(watch.stderr.hasPrefix("roster: Watching “Names”"))
  }

  @Test(arguments: Engine.allCases)
  func printsAttendanceEventsWithSessionStatusByDeviceAndTime(engine: Engine) throws {
    let t = try on(engine)
    try t.roster("add", "Anna", "Zoë")
    try t.roster("checkin", "#1", "--session", "Before")
    let names = try t.shown()
    let watch = try WatchProcess(
      t.binary, ["--json", "--list", "Names"], environment: t.environment)
    #expect(watch.waitUntilFollowing())
    try t.roster("checkin", "#2", "--session", "Evening")
    try t.roster("checkin", "#2", "--session", "Evening", "--status", "late")
    try t.roster("checkout", "#2", "--session", "Evening")
    try t.roster("checkin", "--clear", "#1", "--session", "Before")
    try t.roster("undo")
    // A catch-up prints the list's edits before its attendance events: the add waits until
    // the undo is printed, so the order below is the order of the actions.
    #expect(watch.waitForLines(5))
    try t.roster("add", "Bob")
    #expect(watch.waitForLines(6))
    #expect(watch.stop(SIGINT) == 0)
    let events = watch.events
    // The check-in from before the start is not reported; the undo of the clear is a
    // check-in that reverts it; edits come as before.
    #expect(
      events.map { $0["kind"] as? String } == [
        "checkin", "status", "checkout", "clear", "checkin", "insert",
      ])
    let attendance = Array(events.prefix(4))
    #expect(
      attendance.map { $0["session"] as? String } == ["Evening", "Evening", "Evening", "Before"])
    #expect(
      attendance.map { $0["id"] as? String } == [
        names[1].id, names[1].id, names[1].id, names[0].id,
      ])
    #expect(attendance.map { $0["text"] as? String } == ["Zoë", "Zoë", "Zoë", "Anna"])
    #expect(attendance.map { $0["status"] as? String } == ["present", "late", nil, nil])
    let by = try #require(attendance.first?["by"] as? String)
    #expect(!by.isEmpty && attendance.allSatisfy { $0["by"] as? String == by })
    #expect(attendance.allSatisfy { ($0["device"] as? String)?.isEmpty == false })
    #expect(attendance.allSatisfy { $0["list"] as? String == "Names" && $0["event"] is String })
    let stamp = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/
    #expect(attendance.allSatisfy { ($0["at"] as? String)?.wholeMatch(of: stamp) != nil })
  }

  @Test(arguments: Engine.allCases)
  func attendanceHumanLinesSayWhoWhereAndWhichSession(engine: Engine) throws {
    let t = try on(engine)
    try t.roster("add", "Zoë")
    let watch = try WatchProcess(t.binary, ["--list", "Names"], environment: t.environment)
    #expect(watch.waitUntilFollowing())
    try t.roster("checkin", "#1", "--session", "Evening")
    try t.roster("checkout", "#1", "--session", "Evening")
    #expect(watch.waitForLines(2))
    #expect(watch.stop(SIGTERM) == 0)
    let lines = watch.lines.map {
      $0.replacing(/\([0-9a-f]{8}\)/, with: "(ID)").replacing(#/by \S+ \(.+\) /#, with: "by W (D) ")
    }
    #expect(
      lines == [
        "Names: checked in “Zoë” at Evening as present by W (D) (ID)",
        "Names: checked out “Zoë” of Evening by W (D) (ID)",
      ])
  }

  @Test(arguments: Engine.allCases)
  func humanLinesAreOnePerChange(engine: Engine) throws {
    let t = try on(engine)
    try t.roster("add", "Anna")
    let watch = try WatchProcess(t.binary, ["--list", "Names"], environment: t.environment)
    #expect(watch.waitUntilFollowing())
    try t.roster("add", "Bob")
    try t.roster("edit", "#1", "Annie")
    try t.roster("mv", "#2", "1")
    try t.roster("rm", "#2")
    #expect(watch.waitForLines(4))
    #expect(watch.stop(SIGTERM) == 0)
    let lines = watch.lines.map { $0.replacing(/\([0-9a-f]{8}\)/, with: "(ID)") }
    #expect(
      lines == [
        "Names: added “Bob” at #2 (ID)", "Names: changed “Anna” to “Annie” (ID)",
        "Names: moved “Bob” to #1 (ID)", "Names: removed “Annie” from #2 (ID)",
      ])
  }

  @Test(arguments: Engine.allCases)
  func followsListsCreatedAndDeletedMeanwhile(engine: Engine) throws {
    let t = try on(engine)
    try t.roster("lists", "create", "Old", "--rule", "text")
    let watch = try WatchProcess(t.binary, ["--json"], environment: t.environment)
    #expect(watch.waitUntilFollowing())
    try t.roster("lists", "create", "New", "--rule", "text")
    try t.roster("add", "--list", "New", "first", "second")
    try t.roster("add", "--list", "Old", "old one")
    try t.roster("lists", "delete", "New")
    #expect(watch.waitForLines(3))
    #expect(watch.wait(10) { watch.stderr.contains("“New” was deleted.") })
    #expect(watch.stop() == 0)
    // Each list's changes come in commit order; which list's come first depends on whether
    // the watch saw “New” before the add to “Old” (both happened within one wait).
    let events = watch.events
    let texts = { (list: String) in
      events.filter { $0["list"] as? String == list }.map { $0["text"] as? String }
    }
    #expect(events.count == 3)
    #expect(texts("New") == ["first", "second"])
    #expect(texts("Old") == ["old one"])
    #expect(watch.stderr.contains("Following the new list “New”."))
  }

  @Test(arguments: Engine.allCases)
  func aBulkImportIsReportedEntryByEntry(engine: Engine) throws {
    let t = try on(engine)
    try t.roster("lists", "create", "Big", "--rule", "text")
    try t.roster("add", "--list", "Big", "kept", "gone")
    let before = try t.shown("Big")
    let watch = try WatchProcess(t.binary, ["--json", "--list", "Big"], environment: t.environment)
    #expect(watch.waitUntilFollowing())
    let csv = t.home.folder.appendingPathComponent("rows.csv")
    let count = SQLiteStore.loggedEditLimit + 5
    try Data((0..<count).map { "row \($0)" }.joined(separator: "\n").utf8).write(to: csv)
    try t.roster("import", csv.path, "--list", "Big")
    try t.roster("rm", "#2", "--list", "Big")
    #expect(watch.waitForLines(count + 1, seconds: 60))
    #expect(watch.stop() == 0)
    let events = watch.events
    #expect(events.count == count + 1)
    #expect(Self.replay(events, onto: before) == (try t.shown("Big")))
  }

  @Test func catchesUpAfterTheLogWasPrunedWhileStopped() throws {
    let t = self
    try t.roster("lists", "create", "Busy", "--rule", "text")
    try t.roster("add", "--list", "Busy", "a", "b", "c")
    let before = try t.shown("Busy")
    let watch = try WatchProcess(
      t.binary, ["--json", "--list", "Busy"], environment: t.environment)
    #expect(watch.waitUntilFollowing())
    watch.process.signal(SIGSTOP)
    let store = try SQLiteStore(path: t.environment["ROSTER_DB"]!)
    let list = try #require(try store.list(titled: "Busy"))
    for number in 0..<(SQLiteStore.changeLogLimit + 10) {
      let added = try store.add(["entry \(number)"], to: list.id)
      if number % 3 == 0 { _ = try store.remove([.id(added[0].id)], from: list.id) }
      if number % 7 == 0 { try store.move(.position(1), toPosition: 3, in: list.id) }
    }
    watch.process.signal(SIGCONT)
    let after = try t.shown("Busy")
    #expect(watch.wait(60) { Self.replay(watch.events, onto: before) == after })
    #expect(watch.stop() == 0)
    #expect(Self.replay(watch.events, onto: before) == after)
  }

  @Test(arguments: Engine.allCases)
  func aClosedPipeEndsTheWatchQuietly(engine: Engine) throws {
    let t = try on(engine)
    let watch = try WatchProcess(t.binary, ["--json"], environment: t.environment)
    #expect(watch.waitUntilFollowing())
    try watch.closeOutput()
    try t.roster("add", "Anna")
    #expect(watch.wait(20) { !watch.process.isRunning })
    #expect(watch.stop() == 0)
    #expect(!watch.stderr.contains("Cannot write"))
  }

  @Test(arguments: Engine.allCases)
  func anUnknownListIsOneLineAndExitOne(engine: Engine) throws {
    let t = try on(engine)
    let result = try t.binary.run(["watch", "--list", "Nope"], environment: t.environment)
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == "roster: There is no list named “Nope”.\n")
  }

  @Test(arguments: Engine.allCases)
  func theWatchedListDeletedEndsWithExitOne(engine: Engine) throws {
    let t = try on(engine)
    try t.roster("lists", "create", "Doomed", "--rule", "text")
    let watch = try WatchProcess(t.binary, ["--list", "Doomed"], environment: t.environment)
    #expect(watch.waitUntilFollowing())
    try t.roster("lists", "delete", "Doomed")
    #expect(watch.wait(20) { !watch.process.isRunning })
    #expect(watch.stop() == 1)
    #expect(watch.stderr.hasSuffix("roster: The list “Doomed” was deleted.\n"))
  }
}
