import Foundation
import RosterBackend
import RosterKit
import Testing

/// Check-ins made offline on every backend: attendance events never conflict. The first
/// check-in in store order holds the state; one made offline that arrives second is kept in the
/// log, flagged, and reported as a double check-in; one made online is still refused.
@Suite struct AttendanceDoubleCheckInContractTests {
  /// 19:02 and 19:03 UTC on a June evening: the offline door's clock, then the online door's.
  static let offlineAt = Date(timeIntervalSince1970: 1_749_927_720)
  static let onlineAt = Date(timeIntervalSince1970: 1_749_927_780)

  /// A new list of `names` on a new database of `backend`, its attendance storage and a session.
  func guests(_ backend: Backend, _ names: [String]) throws -> (
    database: any StorageDatabase, store: any AttendanceStorage, list: RosterList,
    session: AttendanceSession
  ) {
    let database = try backend.makeDatabase()
    let store = try #require(try database.open() as? any AttendanceStorage)
    let summary = try store.createList(title: "Guests", rule: .text)
    let list = try store.openRecording(summary.id)
    for name in names { _ = try list.append(name) }
    let session = try store.session(named: "Evening", in: list.id, creating: true)
    return (database, store, list, session)
  }

  /// A check-in of `entry` from `device` at `time`, made offline or not.
  func checkIn(
    _ entry: UUID, in session: AttendanceSession, device: String, at time: Date, offline: Bool
  ) -> AttendanceEvent {
    AttendanceEvent(
      id: UUID(), kind: .checkin, session: session.id, entry: entry, status: "present", at: time,
      by: "door", device: device, madeOffline: offline)
  }

  @Test(arguments: Backend.all)
  func anOfflineCheckInArrivingSecondIsKeptAsADouble(backend: Backend) throws {
    let (database, store, list, session) = try guests(backend, ["Zoë", "Anna"])
    let (zoe, anna) = (list.entries[0].id, list.entries[1].id)
    // Door 1, online, checks Zoë in: a step on nobody's undo stack (as a sync would store it).
    let online = checkIn(zoe, in: session, device: "door-1", at: Self.onlineAt, offline: false)
    let first = try #require(
      try store.record([online], in: list.id, undoable: false).stored.first)
    // Door 2 checked Zoë and Anna in while cut off; its events arrive now, as one action.
    let mine = checkIn(zoe, in: session, device: "door-2", at: Self.offlineAt, offline: true)
    let annas = checkIn(anna, in: session, device: "door-2", at: Self.offlineAt, offline: true)
    let sent = try store.record([mine, annas], in: list.id, undoable: true)

    #expect(sent.refused.isEmpty)
    // Anna's offline check-in came first for her: an ordinary check-in.
    #expect(sent.stored.map(\.id) == [annas.id])
    #expect(sent.stored.first?.madeOffline == true)
    #expect(sent.counts.map(\.checkedIn) == [2])
    // Zoë's is kept, stamped after the first, and reported to the door that made it.
    let double = try #require(sent.doubles.first)
    #expect(sent.doubles.count == 1)
    let kept = try #require(double.event)
    #expect(double.entry == zoe)
    #expect(kept.id == mine.id && kept.madeOffline && kept.receivedAt != nil)
    #expect(kept.sequence == (first.sequence ?? 0) + 1)
    #expect(sent.stored.first?.sequence == (first.sequence ?? 0) + 2)
    #expect(
      double.error
        == .checkedInTwice(mine: AttendanceCheckIn(kept), first: AttendanceCheckIn(first)))

    // The log holds all three, flags read back, on another connection too.
    let reader = try #require(try database.open() as? any AttendanceStorage)
    for connection in [store, reader] {
      let log = try connection.attendanceLog(in: list.id, session: session.id, after: 0)
      #expect(log.map(\.id) == [online.id, mine.id, annas.id])
      #expect(log.map(\.madeOffline) == [false, true, true])
      #expect(log.map(\.sequence) == [1, 2, 3])
    }
    // State and counts are the first check-in's.
    let summary = try #require(try store.attendanceSessions(in: list.id).first)
    #expect(summary.counts.checkedIn == 2 && summary.counts.marked == 2)
    #expect(summary.events == 3)
    let ledger = try store.attendanceLedger(for: list.id)
    #expect(ledger.state(of: zoe, in: session.id)?.checkIn == AttendanceCheckIn(first))
    #expect(ledger.doubleCheckIns == [mine.id: AttendanceCheckIn(first)])
    #expect(ledger.counts(in: session.id) == summary.counts)
    let partial = try store.attendanceLedger(for: list.id, session: session.id, entries: [zoe])
    #expect(partial.state(of: zoe, in: session.id) == ledger.state(of: zoe, in: session.id))

    // Undoing door 2's action takes back Anna's check-in only: the double is no part of it.
    let undone = try #require(try store.undoAttendance(in: list.id))
    #expect(undone.stored.map(\.entry) == [anna])
    #expect(undone.stored.map(\.kind) == [.clear])
    #expect(try store.undoAttendance(in: list.id) == nil)
    let after = try store.attendanceLedger(for: list.id, session: session.id, entries: [zoe])
    #expect(after.state(of: zoe, in: session.id)?.isInside == true)
    #expect(after.state(of: zoe, in: session.id)?.checkIn == AttendanceCheckIn(first))
    #expect(try store.attendanceSessions(in: list.id).first?.counts.checkedIn == 1)
  }

  @Test(arguments: Backend.all)
  func anUndoAfterADoubleDoesNotClearTheFirstCheckIn(backend: Backend) throws {
    let (_, store, list, session) = try guests(backend, ["Zoë"])
    let zoe = list.entries[0].id
    let online = checkIn(zoe, in: session, device: "door-1", at: Self.onlineAt, offline: false)
    let first = try #require(
      try store.record([online], in: list.id, undoable: false).stored.first)
    let mine = checkIn(zoe, in: session, device: "door-2", at: Self.offlineAt, offline: true)
    let sent = try store.record([mine], in: list.id, undoable: true)
    #expect(sent.stored.isEmpty && sent.counts.isEmpty && sent.doubles.count == 1)

    // Nothing was pushed on the undo stack for the double.
    #expect(try store.undoAttendance(in: list.id) == nil)
    let state = try store.attendanceLedger(for: list.id).state(of: zoe, in: session.id)
    #expect(state?.isInside == true && state?.checkIn == AttendanceCheckIn(first))
    #expect(try store.attendanceLog(in: list.id, session: nil, after: 0).count == 2)
  }

  @Test(arguments: Backend.all)
  func anOnlineSecondCheckInIsStillRefused(backend: Backend) throws {
    let (_, store, list, session) = try guests(backend, ["Zoë"])
    let zoe = list.entries[0].id
    let mine = checkIn(zoe, in: session, device: "door-2", at: Self.offlineAt, offline: true)
    let first = try #require(try store.record([mine], in: list.id, undoable: true).stored.first)
    #expect(first.madeOffline)

    let late = checkIn(zoe, in: session, device: "door-1", at: Self.onlineAt, offline: false)
    let lost = try store.record([late], in: list.id, undoable: true)
    #expect(lost.stored.isEmpty && lost.doubles.isEmpty)
    #expect(lost.refused.map(\.error) == [.alreadyCheckedIn(AttendanceCheckIn(first))])
    #expect(try store.attendanceLog(in: list.id, session: nil, after: 0).map(\.id) == [mine.id])
    #expect(try store.attendanceSessions(in: list.id).first?.events == 1)
  }

  @Test(arguments: Backend.all)
  func anOfflineEventSentTwiceIsStoredOnce(backend: Backend) throws {
    let (_, store, list, session) = try guests(backend, ["Zoë", "Anna"])
    let (zoe, anna) = (list.entries[0].id, list.entries[1].id)
    _ = try store.checkIn([zoe], session: session.id, in: list.id)
    let double = checkIn(zoe, in: session, device: "door-2", at: Self.offlineAt, offline: true)
    let ordinary = checkIn(anna, in: session, device: "door-2", at: Self.offlineAt, offline: true)
    let sent = try store.record([double, ordinary], in: list.id, undoable: false)
    #expect(sent.doubles.count == 1 && sent.stored.count == 1)

    // The replica did not hear back and sends both again: nothing new is stored.
    let again = try store.record([double, ordinary], in: list.id, undoable: true)
    #expect(again.stored.isEmpty && again.doubles.isEmpty && again.refused.isEmpty)
    let log = try store.attendanceLog(in: list.id, session: nil, after: 0)
    #expect(log.map(\.sequence) == [1, 2, 3])
    #expect(log.count { $0.id == double.id } == 1 && log.count { $0.id == ordinary.id } == 1)
    let summary = try #require(try store.attendanceSessions(in: list.id).first)
    #expect(summary.events == 3 && summary.counts.checkedIn == 2)
  }

  @Test(arguments: Backend.all)
  func theOtherRulesHoldForOfflineEvents(backend: Backend) throws {
    let (_, store, list, session) = try guests(backend, ["Zoë", "Anna"])
    let (zoe, anna) = (list.entries[0].id, list.entries[1].id)
    _ = try store.checkIn([zoe], session: session.id, in: list.id)
    _ = try list.remove(id: anna)
    let gone = AttendanceSession(id: UUID(), name: "Deleted")
    let unknown = checkIn(zoe, in: gone, device: "door-2", at: Self.offlineAt, offline: true)
    let removed = checkIn(anna, in: session, device: "door-2", at: Self.offlineAt, offline: true)
    let sent = try store.record([unknown, removed], in: list.id, undoable: true)
    #expect(sent.stored.isEmpty && sent.doubles.isEmpty)
    #expect(sent.refused.map(\.entry) == [zoe, anna])
    #expect(
      sent.refused.map(\.error) == [
        .sessionNotFound(gone.id.uuidString.lowercased()), .entryRemoved(anna),
      ])
    #expect(try store.attendanceLog(in: list.id, session: nil, after: 0).count == 1)
  }
}
