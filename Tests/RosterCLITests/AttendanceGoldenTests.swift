import Foundation
import RosterBackend
import RosterKit
import RosterStore
import RosterTestSupport
import Testing

/// `roster checkin`, `checkout`, `attendance` (`--log`, `--register`), `sessions`, `statuses`,
/// `undo` after a check-in and the sign-in sheet's ticks, end to end on SQLite and on
/// PostgreSQL, against the same golden files. The actor is pinned: `USER=anna` on SQLite, the
/// login role `anna` on PostgreSQL; times of day, dates and the host name are masked.
@Suite struct AttendanceGoldenTests {
  func transcript(_ engine: Transcript.Engine) throws -> Transcript {
    try Transcript(
      engine: engine, environment: ["USER": "anna", "TZ": "UTC"], masksClock: true, role: "anna")
  }

  @Test(arguments: Transcript.Engine.allCases)
  func checkIn(engine: Transcript.Engine) throws {
    let t = try transcript(engine)
    try t.run("add", "Anna Lindqvist", "Zoë Saldaña", "Łukasz Nowak", "Bob")
    try t.run("checkin", "@2", "--session", "Evening")
    try t.run("checkin", "@2", "#1", "--session", "Evening")
    try t.run("checkin", "#3", "--session", "Evening", "--status", "late")
    try t.run("checkin", "#3", "--session", "Evening", "--status", "present")
    try t.run("checkin", "#4", "--session", "Evening", "--status", "sleepy")
    try t.run("checkin", "0000", "#9", "#4", "--session", "Evening")
    try t.run("checkin", "--clear", "#4", "--session", "Evening")
    try t.run("checkin", "--clear", "#4", "--session", "Nope")
    try t.run("checkout", "#2", "--session", "Evening")
    try t.run("checkout", "#2", "--session", "Evening")
    try t.run("checkout", "#4", "--session", "Nope")
    try t.run("checkin", "--all", "#1")
    try t.run("checkin", "--all", "--clear")
    try t.run("checkin")
    try t.run("checkin", "--all", "--session", "Class", "--status", "absent")
    try t.run("checkin", "--all", "--session", "Class")
    try t.run("checkin", "#1")
    try t.run("checkin", "#1", "--session", "")
    try t.run("checkin", "#1", "--session", "Door\u{7}1")
    try t.run("attendance", "--log", "--session", " ")
    try t.run("checkin", "--help")
    try t.verify("attendance-checkin")
  }

  @Test(arguments: Transcript.Engine.allCases)
  func attendance(engine: Transcript.Engine) throws {
    let t = try transcript(engine)
    try t.run("add", "Anna Lindqvist", "Zoë Saldaña", "Bob", "--category", "Staff")
    try t.run("attendance", "--session", "Evening")
    try t.run("checkin", "#1", "#2", "--session", "Evening")
    try t.run("checkin", "#2", "--session", "Evening", "--status", "late")
    try t.run("checkout", "#1", "--session", "Evening")
    try t.run("attendance", "--session", "Evening")
    try t.run("attendance", "--session", "Evening", "--json")
    try t.run("attendance", "--log", "--session", "Evening")
    try t.run("attendance", "--log", "--json")
    try t.run("attendance", "extra")
    try t.run("attendance")
    try t.verify("attendance-show")
  }

  /// `attendance --log` marks a check-in made offline with `(offline)`, and one kept as a
  /// double check-in (an offline door's, arriving second) with `double check-in`; `--json` has
  /// `"offline"` and `"double"`. The offline events are stored as a sync would send them.
  @Test func theLogMarksOfflineAndDoubleCheckIns() throws {
    let t = try transcript(.sqlite)
    try t.run("add", "Zoë Saldaña", "Bob")
    try t.run("checkin", "#1", "--session", "Evening")
    do {
      let store = try SQLiteStore(path: try #require(t.environment["ROSTER_DB"]))
      let list = try #require(try store.lists().first)
      let session = try store.session(named: "Evening", in: list.id, creating: false)
      let offline = try store.loadList(list.id).entries.map { entry in
        AttendanceEvent(
          id: UUID(), kind: .checkin, session: session.id, entry: entry.id, status: "present",
          at: Date(), by: "anna", device: "door-2", madeOffline: true)
      }
      let sent = try store.record(offline, in: list.id, undoable: false)
      #expect(sent.doubles.count == 1 && sent.stored.count == 1)
    }
    let text = try t.binary.run(["attendance", "--log"], environment: t.environment)
    let lines = text.stdout.split(separator: "\n").map(String.init)
    try #require(lines.count == 3, "\(text.stdout)")
    #expect(!lines[0].contains("offline") && !lines[0].contains("double"))
    #expect(lines[1].contains("Zoë Saldaña") && lines[1].hasSuffix(" (offline)  double check-in"))
    #expect(lines[2].contains("Bob") && lines[2].hasSuffix(" (offline)"))

    let json = try t.binary.run(["attendance", "--log", "--json"], environment: t.environment)
    let events = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    #expect(events.map { $0["offline"] as? Bool } == [false, true, true])
    #expect(events.map { $0["double"] as? Bool } == [false, true, false])
  }

  @Test(arguments: Transcript.Engine.allCases)
  func sessionsStatusesAndUndo(engine: Transcript.Engine) throws {
    let t = try transcript(engine)
    try t.run("add", "Anna Lindqvist", "Zoë Saldaña")
    try t.run("sessions")
    try t.run("checkin", "#1", "--session", "Monday")
    try t.run("checkin", "#2", "--session", "Tuesday")
    try t.run("sessions")
    try t.run("sessions", "--json")
    try t.run("sessions", "rename", "Monday", "Tuesday")
    try t.run("sessions", "rename", "Monday", "Mon")
    try t.run("sessions", "rename", "Nope", "Other")
    try t.run("sessions", "delete", "Mon")
    try t.run("sessions", "delete", "Mon", "--force")
    try t.run("sessions")
    try t.run("statuses")
    try t.run("statuses", "add", "remote")
    try t.run("statuses", "add", "remote", "--counts-as", "present")
    try t.run("statuses", "add", "sick", "--counts-as", "maybe")
    try t.run("statuses", "add", "sick", "--counts-as", "absent")
    try t.run("statuses", "--json")
    try t.run("checkin", "#1", "--session", "Tuesday", "--status", "remote")
    try t.run("attendance", "--session", "Tuesday")
    try t.run("undo")
    try t.run("attendance", "--session", "Tuesday")
    try t.run("undo")
    try t.run("attendance", "--session", "Tuesday")
    try t.run("undo")
    try t.run("show")
    try t.verify("attendance-sessions")
  }

  @Test(arguments: Transcript.Engine.allCases)
  func register(engine: Transcript.Engine) throws {
    let t = try transcript(engine)
    try t.run("add", "Anna Lindqvist", "Zoë Saldaña", "Bob", "Łukasz Nowak")
    try t.run("attendance", "--register")
    try t.run("checkin", "#1", "#2", "--session", "Monday")
    try t.run("checkin", "#2", "--session", "Monday", "--status", "late")
    try t.run("statuses", "add", "online")
    try t.run("statuses", "add", "early")
    try t.run("checkin", "--all", "--session", "Tuesday, late", "--status", "absent")
    try t.run("checkin", "#3", "--session", "Tuesday, late", "--status", "online")
    try t.run("checkin", "#4", "--session", "Tuesday, late", "--status", "excused")
    try t.run("checkin", "#1", "--session", "-3", "--status", "early")
    try t.run("attendance", "--register")
    let csv = try t.run("attendance", "--register", "--csv")
    try t.run("attendance", "--register", "--csv", "--bom")
    let folder = t.folder.path
    try t.run("attendance", "--register", "--csv", "-o", "\(folder)/register.csv")
    let written = try String(
      contentsOf: t.folder.appendingPathComponent("register.csv"), encoding: .utf8)
    #expect(written == csv.stdout)
    try t.run("attendance", "--register", "-o", "\(folder)/register.txt")
    try t.run("attendance", "--register", "--json")
    try t.run("attendance", "--register", "--log")
    try t.run("attendance", "--register", "--session", "Monday")
    try t.run("attendance", "--register", "--bom")
    try t.run("attendance", "--csv")
    try t.run("attendance", "-o", "\(folder)/x.csv")
    try t.run("attendance", "--bom")
    try t.verify("attendance-register")
  }

  @Test(arguments: Transcript.Engine.allCases)
  func signInSheetTicksTheSessionsCheckIns(engine: Transcript.Engine) throws {
    let t = try transcript(engine)
    let folder = t.folder.path
    try t.run("add", "Anna Lindqvist", "Zoë Saldaña", "Bob")
    try t.run("checkin", "#2", "--session", "Evening")
    try t.run(
      "export", "--format", "pdf", "--sign-in", "--session", "Evening", "-o", "\(folder)/s.pdf")
    let (text, status) = try ToolProcess.run(
      "/usr/bin/pdftotext", ["-enc", "UTF-8", "\(folder)/s.pdf", "-"])
    #expect(status == 0)
    #expect(String(decoding: text, as: UTF8.self).contains("Evening: 1 of 3 checked in"))
    // Without --session: today's session, which does not exist yet, so nothing is ticked or made.
    try t.run("export", "--format", "pdf", "--sign-in", "-o", "\(folder)/today.pdf")
    try t.run("sessions")
    try t.run(
      "export", "--format", "pdf", "--sign-in", "--session", "Nope", "-o", "\(folder)/x.pdf")
    try t.run("export", "--format", "pdf", "--sign-in", "--session", "", "-o", "\(folder)/x.pdf")
    try t.run("export", "--format", "pdf", "--session", "Evening", "-o", "\(folder)/x.pdf")
    try t.run("export", "--session", "Evening")
    #expect(!FileManager.default.fileExists(atPath: "\(folder)/x.pdf"))
    try t.verify("attendance-sign-in")
  }

  /// A refused check-in and the count, in German (po/de.po compiled as TranslationTests does).
  @Test func checkInSpeaksGerman() throws {
    let home = try TemporaryRosterHome(
      prefix: "roster-de",
      extra: [
        "ROSTER_LOCALEDIR": TranslationTests.catalogs.path, "LANG": "de_DE.UTF-8",
        "USER": "anna",
      ])
    defer { try? FileManager.default.removeItem(at: home.folder) }
    let binary = try RosterBinary.locate()
    _ = try binary.run(["add", "Zoë Saldaña", "Anna"], environment: home.environment)
    let first = try binary.run(
      ["checkin", "#1", "--session", "Abend"], environment: home.environment)
    #expect(first.stdout.hasSuffix(" „Zoë Saldaña“ eingecheckt (1 von 2).\n"))
    let again = try binary.run(
      ["checkin", "#1", "--session", "Abend"], environment: home.environment)
    #expect(again.status == 1)
    let pattern = #/roster: „Zoë Saldaña“ wurde schon um \d\d:\d\d von anna \(.+\) eingecheckt\.\n/#
    #expect(again.stderr.wholeMatch(of: pattern) != nil, "\(again.stderr)")
    let missing = try binary.run(
      ["attendance", "--session", "Morgen"], environment: home.environment)
    #expect(missing.stderr == "roster: Es gibt keinen Termin namens „Morgen“.\n")
    #expect(missing.status == 1)
  }
}
