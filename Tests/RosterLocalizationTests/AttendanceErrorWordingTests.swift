import Foundation
import RosterKit
import RosterLocalization
import Testing

/// The front ends' words for attendance refusals, in the C locale (tests never call
/// `Localization.setUp()`).
@Suite struct AttendanceErrorWordingTests {
  @Test func aDoubleCheckInNamesTheEntryAndBothDoors() {
    let zoe = UUID()
    let session = UUID()
    let offlineAt = Date(timeIntervalSince1970: 1_749_927_720)
    let onlineAt = Date(timeIntervalSince1970: 1_749_927_780)
    let mine = AttendanceCheckIn(
      session: session, entry: zoe, event: UUID(), at: offlineAt, by: "anna", device: "door-2")
    let first = AttendanceCheckIn(
      session: session, entry: zoe, event: UUID(), at: onlineAt, by: "björn", device: "door-1")
    let error = AttendanceError.checkedInTwice(mine: mine, first: first)
    let (at2, at1) = (
      AttendanceErrorWording.clockTime(offlineAt), AttendanceErrorWording.clockTime(onlineAt)
    )
    #expect(
      AttendanceErrorWording.sentence(for: error) { _ in "“Zoë Saldaña”" }
        == "“Zoë Saldaña” was checked in twice: door-2 at \(at2) (offline), door-1 at \(at1).")
    let short = String(zoe.uuidString.lowercased().prefix(8))
    #expect(AttendanceErrorWording.sentence(for: error).hasPrefix("\(short) was checked in twice"))
  }
}
