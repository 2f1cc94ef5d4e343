import Foundation
import Testing

@testable import RosterKit

/// Status and session names: checked and normalized like list titles; the default session.
@Suite struct AttendanceNamesTests {
  @Test func defaultStatusesAndWhatTheyCount() {
    #expect(AttendanceStatus.defaults.map(\.name) == ["present", "late", "excused", "absent"])
    #expect(AttendanceStatus.defaults.map(\.isCheckedIn) == [true, true, false, false])
  }

  @Test(arguments: ["", "   ", "a\u{7}b", "late\nnight", "\u{200B}"])
  func badStatusNamesAreRefused(name: String) {
    #expect {
      try AttendanceStatus(validating: name, countsAs: .present)
    } throws: { error in
      guard case .invalidStatusName(let refusal) = error as? AttendanceError else { return false }
      return !refusal.message.isEmpty
    }
  }

  @Test func statusNamesAreNormalized() throws {
    let status = try AttendanceStatus(validating: "  online ", countsAs: .present)
    #expect(status == AttendanceStatus(name: "online", countsAs: .present))
  }

  @Test(arguments: ["", "\t", "Evening\u{1}", "two\nlines"])
  func badSessionNamesAreRefused(name: String) {
    #expect {
      try AttendanceSession.normalizedName(name)
    } throws: { error in
      guard case .invalidSessionName = error as? AttendanceError else { return false }
      return true
    }
  }

  @Test func sessionNamesAreNormalizedAndUnique() throws {
    var ledger = AttendanceLedger()
    let evening = try ledger.makingSession(named: "  Evening 1 ", id: UUID())
    #expect(evening.name == "Evening 1")
    try ledger.add(evening)
    #expect(throws: AttendanceError.sessionExists("Evening 1")) {
      try ledger.makingSession(named: "Evening 1", id: UUID())
    }
    #expect(try ledger.session(named: " Evening 1") == evening)
    #expect(throws: AttendanceError.sessionNotFound("Evening 2")) {
      try ledger.session(named: "Evening 2")
    }
  }

  /// 23:30 UTC on 1 March is already 2 March in Berlin, still 1 March in Los Angeles.
  @Test func defaultSessionIsTodayInTheLocalTimeZone() throws {
    let instant = Date(timeIntervalSince1970: 1_709_335_800)  // 2024-03-01T23:30:00Z
    var berlin = Calendar(identifier: .gregorian)
    berlin.timeZone = try #require(TimeZone(identifier: "Europe/Berlin"))
    var angeles = Calendar(identifier: .gregorian)
    angeles.timeZone = try #require(TimeZone(identifier: "America/Los_Angeles"))
    #expect(AttendanceSession.defaultName(at: instant, calendar: berlin) == "2024-03-02")
    #expect(AttendanceSession.defaultName(at: instant, calendar: angeles) == "2024-03-01")
    var buddhist = Calendar(identifier: .buddhist)
    buddhist.timeZone = berlin.timeZone
    #expect(AttendanceSession.defaultName(at: instant, calendar: buddhist) == "2024-03-02")
  }

  @Test func defaultSessionIsMadeOnFirstUseThenFound() throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
    let now = Date(timeIntervalSince1970: 1_709_335_800)
    var ledger = AttendanceLedger()
    let first = ledger.defaultSession(at: now, calendar: calendar, newID: UUID())
    #expect(first.isNew && first.session.name == "2024-03-01")
    try ledger.add(first.session)
    let again = ledger.defaultSession(at: now, calendar: calendar, newID: UUID())
    #expect(!again.isNew && again.session == first.session)
  }

  @Test func renamingKeepsEventsAndRefusesTakenNames() throws {
    var ledger = AttendanceLedger()
    let one = try ledger.makingSession(named: "One", id: UUID())
    let two = try ledger.makingSession(named: "Two", id: UUID())
    try ledger.add(one)
    try ledger.add(two)
    let entry = UUID()
    ledger.apply(try ledger.checkingIn(entry, in: one.id, origin: .init(by: "a", device: "d")))
    #expect(throws: AttendanceError.sessionExists("Two")) {
      try ledger.renameSession(one.id, to: "Two")
    }
    try ledger.renameSession(one.id, to: "Uno")
    #expect(try ledger.session(named: "Uno").id == one.id)
    #expect(ledger.state(of: entry, in: one.id)?.isCheckedIn == true)
  }

  @Test func deletingASessionWithEventsNeedsForce() throws {
    var ledger = AttendanceLedger()
    let one = try ledger.makingSession(named: "One", id: UUID())
    try ledger.add(one)
    let event = try ledger.checkingIn(UUID(), in: one.id, origin: .init(by: "a", device: "d"))
    ledger.apply(event)
    #expect(throws: AttendanceError.sessionHasEvents("One", count: 1)) {
      try ledger.removeSession(one.id)
    }
    try ledger.removeSession(one.id, force: true)
    #expect(ledger.sessions.isEmpty)
    #expect(ledger.counts(in: one.id) == AttendanceCounts())
    let replayed = AttendanceLedger(sessions: [], events: [event])
    #expect(replayed.eventCount(in: one.id) == 0)
  }

  @Test func statusesAreUniqueAndLookedUpByNormalizedName() throws {
    var ledger = AttendanceLedger()
    #expect(throws: AttendanceError.statusExists("late")) {
      try ledger.add(AttendanceStatus(name: "late", countsAs: .absent))
    }
    #expect(try ledger.status(named: " late ") == .late)
    #expect(throws: AttendanceError.statusNotFound("online")) {
      try ledger.status(named: "online")
    }
  }
}
