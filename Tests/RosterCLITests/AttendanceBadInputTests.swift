import Foundation
import RosterTestSupport
import Testing

/// Bad input to the attendance commands, on both engines: an unknown session for `attendance`
/// or `checkout`, an unknown status, `--all` with ENTRY arguments, a session or status name
/// that is empty or has control characters. Each is a message naming the value, exit status 1
/// (2 for a usage error), and nothing stored: not an event, not a session made on first use.
@Suite struct AttendanceBadInputTests {
  @Test(arguments: Transcript.Engine.allCases)
  func badInputIsNamedAndStoresNothing(engine: Transcript.Engine) throws {
    let t = try Transcript(
      engine: engine, environment: ["USER": "anna", "TZ": "UTC"], masksClock: true, role: "anna")
    try t.run("add", "Anna Lindqvist", "Zoë Saldaña")
    try t.run("attendance", "--session", "Nope")
    try t.run("attendance", "--log", "--session", "Nope")
    try t.run("checkout", "#1", "--session", "Nope")
    try t.run("checkout", "#1", "--session", "Tab\there")
    try t.run("checkin", "#1", "--session", "New", "--status", "sleepy")
    try t.run("checkin", "#1", "--status", "")
    try t.run("checkin", "#1", "--session", "New", "--status", "bell\u{7}")
    try t.run("checkin", "0000", "#9", "--session", "New")
    try t.run("checkin", "--all", "--session", "New", "--status", "sleepy")
    try t.run("checkin", "--all", "#1", "--session", "New")
    try t.run("checkin", "#1", "--session", "")
    try t.run("checkin", "#1", "--session", "Esc\u{1B}")
    try t.run("checkin", "--clear", "#1", "--session", "New")
    try t.run("statuses", "add", "")
    try t.run("statuses", "add", "x\u{1}")
    try t.run("sessions", "rename", "New", "Line\nbreak")
    try t.run("sessions", "delete", " ")
    // Nothing of the above was stored.
    try t.run("sessions")
    try t.run("statuses")
    try t.run("attendance", "--log")
    try t.verify("attendance-bad-input")
  }
}
