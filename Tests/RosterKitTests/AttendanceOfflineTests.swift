import Foundation
import RosterKit
import Testing

/// Check-ins made offline in the core: the flag, the double check-in it can become, and the
/// message that tells the door which made it.
@Suite struct AttendanceOfflineTests {
  let session = AttendanceSession(id: UUID(), name: "Evening")
  let zoe = UUID()
  /// 19:02 and 19:03 on the devices' clocks.
  let offlineAt = Date(timeIntervalSince1970: 1_749_927_720)
  let onlineAt = Date(timeIntervalSince1970: 1_749_927_780)

  func checkIn(device: String, at time: Date, offline: Bool) -> AttendanceEvent {
    AttendanceEvent(
      id: UUID(), kind: .checkin, session: session.id, entry: zoe, status: "present", at: time,
      by: "anna", device: device, madeOffline: offline)
  }

  @Test func eventsAreMadeOnlineUnlessSaidAndStayOfflineWhenReceived() throws {
    #expect(checkIn(device: "door-1", at: onlineAt, offline: false).madeOffline == false)
    let offline = checkIn(device: "door-2", at: offlineAt, offline: true)
    let received = offline.received(at: onlineAt, sequence: 7)
    #expect(received.madeOffline && received.sequence == 7 && received.receivedAt == onlineAt)
    let origin = AttendanceOrigin(by: "anna", device: "door-1")
    let ledger = AttendanceLedger(sessions: [session])
    #expect(try ledger.checkingIn(zoe, in: session.id, origin: origin).madeOffline == false)
  }

  @Test func anOfflineCheckInArrivingSecondIsADoubleThatChangesNothing() {
    var ledger = AttendanceLedger(sessions: [session])
    let first = checkIn(device: "door-1", at: onlineAt, offline: false)
    let mine = checkIn(device: "door-2", at: offlineAt, offline: true)
    #expect(ledger.apply(first.received(at: onlineAt, sequence: 1)) == .applied)
    let state = ledger.state(of: zoe, in: session.id)
    let outcome = ledger.apply(mine.received(at: onlineAt, sequence: 2))
    #expect(outcome == .doubleCheckIn(first: AttendanceCheckIn(first)))
    #expect(ledger.state(of: zoe, in: session.id) == state)
    #expect(ledger.counts(in: session.id).checkedIn == 1)
    #expect(ledger.eventCount(in: session.id) == 2)
  }

  @Test func checkedInTwiceNamesBothDoorsTheOfflineOneFirst() {
    let mine = AttendanceCheckIn(checkIn(device: "door-2", at: offlineAt, offline: true))
    let first = AttendanceCheckIn(checkIn(device: "door-1", at: onlineAt, offline: false))
    let error = AttendanceError.checkedInTwice(mine: mine, first: first)
    let short = String(zoe.uuidString.lowercased().prefix(8))
    let time = { (date: Date) in date.formatted(date: .omitted, time: .shortened) }
    #expect(
      error.description
        == "\(short) was checked in twice: door-2 at \(time(offlineAt)) (offline), door-1 at "
        + "\(time(onlineAt)).")
    #expect(error.errorDescription == error.description)
  }
}
