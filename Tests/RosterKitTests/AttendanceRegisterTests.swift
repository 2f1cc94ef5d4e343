import Foundation
import Testing

@testable import RosterKit

/// The class register: marks per status, a column per session in order, the count row.
@Suite struct AttendanceRegisterTests {
  let clock = TickingClock()
  let ids = SequentialIDs()

  func origin() -> AttendanceOrigin {
    AttendanceOrigin(
      by: "anna", device: "desk", now: { [clock] in clock.now() }, makeID: { [ids] in ids.make() })
  }

  @Test func defaultStatusesAreTheirInitialsAndLaterOnesTheShortestFreePrefix() {
    let statuses =
      AttendanceStatus.defaults
      + ["online", "early", "excellent", "e", "Ätsch"].map {
        AttendanceStatus(name: $0, countsAs: .present)
      }
    #expect(
      AttendanceRegister.abbreviations(for: statuses) == [
        "present": "P", "late": "L", "excused": "E", "absent": "A", "online": "O", "early": "Ea",
        "excellent": "Ex", "e": "e", "Ätsch": "Ä",
      ])
  }

  @Test func rowsFollowTheEntriesColumnsTheSessionsAndTheLastRowCountsCheckedIn() throws {
    let monday = AttendanceSession(id: SequentialIDs.id(0xA1), name: "Monday")
    let tuesday = AttendanceSession(id: SequentialIDs.id(0xA2), name: "Tuesday")
    var ledger = AttendanceLedger(sessions: [monday, tuesday])
    let (anna, zoe, bob, gone) = (UUID(), UUID(), UUID(), UUID())
    ledger.apply(try ledger.checkingIn(anna, in: monday.id, origin: origin()))
    ledger.apply(try ledger.checkingIn(zoe, in: monday.id, status: "late", origin: origin()))
    ledger.apply(try ledger.checkingOut(zoe, in: monday.id, origin: origin()))
    ledger.apply(try ledger.checkingIn(gone, in: monday.id, origin: origin()))
    ledger.apply(
      contentsOf: try ledger.checkingInAll(
        [anna, bob], in: tuesday.id, status: "absent", origin: origin()))
    ledger.apply(
      contentsOf: try ledger.changingStatus(
        of: bob, in: tuesday.id, to: "excused", origin: origin()))
    ledger.removeEntry(gone)

    let register = AttendanceRegister(
      ledger: ledger, entries: [(anna, "Anna"), (zoe, "Zoë"), (bob, "Bob")])
    #expect(register.sessions == [monday, tuesday])
    #expect(register.rows.map(\.text) == ["Anna", "Zoë", "Bob"])
    #expect(register.rows.map(\.cells) == [["P", "A"], ["L", ""], ["", "E"]])
    // Zoë left and still counts; the deleted entry is no row and no count.
    #expect(register.checkedIn == [2, 0])
  }
}
