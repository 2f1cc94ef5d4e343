import Foundation
import RosterBackend
import RosterKit
import Testing

/// Attendance on every backend: sessions, statuses, the event log, counts kept as events land,
/// first check-in wins, undo, and entries deleted from the list.
@Suite struct AttendanceContractTests {
  /// A noon in June 2025, and UTC: the default session is "2025-06-14".
  static let noon = Date(timeIntervalSince1970: 1_749_902_400)
  static let utc: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
  }()

  /// A new list of `names` on a new database of `backend`, and its attendance storage.
  func guests(_ backend: Backend, _ names: [String]) throws -> (
    database: any StorageDatabase, store: any AttendanceStorage, list: RosterList
  ) {
    let database = try backend.makeDatabase()
    let store = try #require(try database.open() as? any AttendanceStorage)
    let summary = try store.createList(title: "Guests", rule: .text)
    let list = try store.openRecording(summary.id)
    for name in names { _ = try list.append(name) }
    return (database, store, list)
  }

  func attendanceError(_ body: () throws(StoreError) -> Void) -> AttendanceError? {
    do {
      try body()
      return nil
    } catch {
      if case .attendance(let error) = error { return error }
      return nil
    }
  }

  @Test(arguments: Backend.all)
  func sessionsAreMadeOnFirstUseRenamedAndDeleted(backend: Backend) throws {
    let (_, store, list) = try guests(backend, ["Anna"])
    let today = try store.session(
      named: nil, in: list.id, creating: true, at: Self.noon, calendar: Self.utc)
    #expect(today.name == "2025-06-14")
    let again = try store.session(
      named: " 2025-06-14 ", in: list.id, creating: false, at: Self.noon, calendar: Self.utc)
    #expect(again == today)
    #expect(
      attendanceError { () throws(StoreError) in
        _ = try store.session(named: "Evening", in: list.id, creating: false)
      } == .sessionNotFound("Evening"))
    #expect(
      attendanceError { () throws(StoreError) in
        _ = try store.session(named: "bad\u{7}", in: list.id, creating: true)
      }.map { if case .invalidSessionName = $0 { true } else { false } } == true)
    let evening = try store.session(named: "Evening", in: list.id, creating: true)
    #expect(try store.attendanceSessions(in: list.id).map(\.session) == [today, evening])
    #expect(
      attendanceError { () throws(StoreError) in
        try store.renameSession(named: "Evening", to: "2025-06-14", in: list.id)
      } == .sessionExists("2025-06-14"))
    let renamed = try store.renameSession(named: "Evening", to: "Evening 1", in: list.id)
    #expect(renamed.id == evening.id && renamed.name == "Evening 1")

    _ = try store.checkIn([list.entries[0].id], session: renamed.id, in: list.id)
    #expect(
      attendanceError { () throws(StoreError) in
        try store.deleteSession(named: "Evening 1", force: false, in: list.id)
      } == .sessionHasEvents("Evening 1", count: 1))
    try store.deleteSession(named: "2025-06-14", force: false, in: list.id)
    try store.deleteSession(named: "Evening 1", force: true, in: list.id)
    #expect(try store.attendanceSessions(in: list.id).isEmpty)
    #expect(try store.attendanceLog(in: list.id, session: nil, after: 0).count == 1)
  }

  @Test(arguments: Backend.all)
  func statusesHaveDefaultsAndCanBeAdded(backend: Backend) throws {
    let (_, store, list) = try guests(backend, ["Anna"])
    #expect(try store.attendanceStatuses(in: list.id) == AttendanceStatus.defaults)
    let online = try store.addAttendanceStatus(named: " online ", countsAs: .present, in: list.id)
    #expect(online == AttendanceStatus(name: "online", countsAs: .present))
    #expect(try store.attendanceStatuses(in: list.id) == AttendanceStatus.defaults + [online])
    #expect(
      attendanceError { () throws(StoreError) in
        try store.addAttendanceStatus(named: "late", countsAs: .absent, in: list.id)
      } == .statusExists("late"))
    let session = try store.session(named: "Class", in: list.id, creating: true)
    let done = try store.checkIn(
      [list.entries[0].id], session: session.id, status: "online", in: list.id)
    #expect(done.counts.last?.checkedIn == 1)
    #expect(
      attendanceError { () throws(StoreError) in
        _ = try store.checkIn(
          [list.entries[0].id], session: session.id, status: "gone", in: list.id)
      } == .statusNotFound("gone"))
  }

  @Test(arguments: Backend.all)
  func eventsAreStampedLoggedAndCounted(backend: Backend) throws {
    let (_, store, list) = try guests(backend, ["Anna", "Björn", "Chloé"])
    let ids = list.entries.map(\.id)
    let session = try store.session(named: "Evening", in: list.id, creating: true)
    let origin = try store.attendanceOrigin()

    let first = try store.checkIn([ids[0], ids[1]], session: session.id, in: list.id)
    #expect(first.refused.isEmpty)
    #expect(first.stored.map(\.sequence) == [1, 2])
    #expect(first.stored.allSatisfy { $0.by == origin.by && $0.device == origin.device })
    #expect(first.stored.allSatisfy { $0.receivedAt != nil })
    #expect(first.counts.map(\.checkedIn) == [1, 2])

    _ = try store.changeStatus(of: [ids[1]], to: "late", session: session.id, in: list.id)
    _ = try store.checkOut([ids[0]], session: session.id, in: list.id)
    _ = try store.changeStatus(of: [ids[2]], to: "absent", session: session.id, in: list.id)
    let out = try store.checkOut([ids[2]], session: session.id, in: list.id)
    #expect(
      out.stored.isEmpty
        && out.refused.map(\.error) == [.notCheckedIn(entry: ids[2], session: session.id)])

    let summary = try #require(try store.attendanceSessions(in: list.id).first)
    #expect(summary.events == 5)
    #expect(summary.counts.marked == 3)
    #expect(summary.counts.checkedIn == 2)
    #expect(summary.counts.inside == 1)
    #expect(summary.counts.byStatus == ["present": 1, "late": 1, "absent": 1])

    let log = try store.attendanceLog(in: list.id, session: nil, after: 0)
    #expect(log.map(\.kind) == [.checkin, .checkin, .status, .checkout, .checkin])
    #expect(log.map(\.sequence) == [1, 2, 3, 4, 5])
    #expect(try store.attendanceLog(in: list.id, session: session.id, after: 3).count == 2)

    let ledger = try store.attendanceLedger(for: list.id)
    #expect(ledger.counts(in: session.id) == summary.counts)
    #expect(ledger.state(of: ids[1], in: session.id)?.status == "late")
    let partial = try store.attendanceLedger(for: list.id, session: session.id, entries: nil)
    #expect(partial.counts(in: session.id) == summary.counts)
    #expect(partial.state(of: ids[0], in: session.id) == ledger.state(of: ids[0], in: session.id))

    _ = try store.clear([ids[0]], session: session.id, in: list.id)
    let cleared = try #require(try store.attendanceSessions(in: list.id).first)
    #expect(cleared.counts.marked == 2 && cleared.counts.checkedIn == 1)
    #expect(cleared.counts.inside == 1)

    let all = try store.checkInAll(session: session.id, in: list.id)
    #expect(all.stored.map(\.entry) == [ids[0]])
  }

  @Test(arguments: Backend.all)
  func firstCheckInWinsAcrossConnections(backend: Backend) throws {
    let (database, door1, list) = try guests(backend, ["Zoë"])
    let door2 = try #require(try database.open() as? any AttendanceStorage)
    let zoe = list.entries[0].id
    let session = try door1.session(named: "Evening", in: list.id, creating: true)
    // Door 2 makes its event from what it saw before door 1 checked Zoë in.
    let stale = try door2.attendanceLedger(for: list.id, session: session.id, entries: [zoe])
    let late = try stale.checkingIn(zoe, in: session.id, origin: try door2.attendanceOrigin())

    let won = try door1.checkIn([zoe], session: session.id, in: list.id)
    let lost = try door2.record([late], in: list.id, undoable: true)
    #expect(lost.stored.isEmpty)
    let winner = try #require(won.stored.first)
    #expect(lost.refused.map(\.error) == [.alreadyCheckedIn(AttendanceCheckIn(winner))])
    #expect(try door2.attendanceLog(in: list.id, session: nil, after: 0).map(\.id) == [winner.id])
    #expect(try door2.attendanceSessions(in: list.id).first?.counts.checkedIn == 1)
    // Recording the winner again (a retry) changes nothing.
    #expect(try door1.record([winner], in: list.id, undoable: false).stored.isEmpty)
    #expect(try door1.attendanceLog(in: list.id, session: nil, after: 0).count == 1)
  }

  @Test(arguments: Backend.all)
  func undoAppendsARevertingEvent(backend: Backend) throws {
    let (_, store, list) = try guests(backend, ["Anna", "Björn"])
    let ids = list.entries.map(\.id)
    let session = try store.session(named: "Evening", in: list.id, creating: true)
    #expect(try store.undoAttendance(in: list.id) == nil)
    let anna = try store.checkIn([ids[0]], session: session.id, in: list.id)
    let bjorn = try store.checkIn([ids[1]], session: session.id, in: list.id)
    _ = try store.changeStatus(of: [ids[1]], to: "late", session: session.id, in: list.id)
    #expect(try store.attendanceUndoIsNewest(in: list.id))

    let status = try #require(try store.undoAttendance(in: list.id))
    #expect(status.stored.map(\.kind) == [.status])
    #expect(status.stored.first?.status == "present")
    // Undo goes on step by step: Björn's check-in, under his reverted status change, next.
    let unchecked = try #require(try store.undoAttendance(in: list.id))
    #expect(unchecked.stored.map(\.kind) == [.clear])
    #expect(unchecked.stored.first?.reverts == bjorn.stored.first?.id)
    #expect(unchecked.counts.first?.checkedIn == 1)
    let cleared = try #require(try store.undoAttendance(in: list.id))
    #expect(cleared.stored.map(\.kind) == [.clear])
    #expect(cleared.stored.first?.reverts == anna.stored.first?.id)
    #expect(cleared.counts.first?.checkedIn == 0)
    #expect(try store.undoAttendance(in: list.id) == nil)

    let log = try store.attendanceLog(in: list.id, session: nil, after: 0)
    #expect(log.map(\.kind) == [.checkin, .checkin, .status, .status, .clear, .clear])
    let counts = try #require(try store.attendanceSessions(in: list.id).first).counts
    #expect(counts.marked == 0 && counts.checkedIn == 0 && counts.byStatus.isEmpty)

    // A list edit after the check-in: `roster undo` undoes the edit first.
    _ = try store.checkIn([ids[0]], session: session.id, in: list.id)
    #expect(try store.attendanceUndoIsNewest(in: list.id))
    _ = try list.append("Chloé")
    #expect(try store.attendanceUndoIsNewest(in: list.id) == false)
  }

  @Test(arguments: Backend.all)
  func deletedEntriesKeepTheirEventsAndLeaveTheCounts(backend: Backend) throws {
    let (_, store, list) = try guests(backend, ["Anna", "Björn"])
    let ids = list.entries.map(\.id)
    let session = try store.session(named: "Evening", in: list.id, creating: true)
    _ = try store.checkIn(ids, session: session.id, in: list.id)
    _ = try list.remove(id: ids[0])

    var counts = try #require(try store.attendanceSessions(in: list.id).first).counts
    #expect(counts.checkedIn == 1 && counts.marked == 1 && counts.byStatus == ["present": 1])
    #expect(try store.attendanceLog(in: list.id, session: nil, after: 0).count == 2)
    let ledger = try store.attendanceLedger(for: list.id)
    #expect(ledger.isRemoved(ids[0]) && ledger.counts(in: session.id) == counts)

    let again = try store.clear([ids[0]], session: session.id, in: list.id)
    #expect(again.refused.map(\.error) == [.entryRemoved(ids[0])])
    let late = AttendanceEvent(
      id: UUID(), kind: .clear, session: session.id, entry: ids[0], at: Date(), by: "x",
      device: "y")
    #expect(
      try store.record([late], in: list.id, undoable: false).refused.map(\.error) == [
        .entryRemoved(ids[0])
      ])

    _ = try store.undo(in: list.id)
    counts = try #require(try store.attendanceSessions(in: list.id).first).counts
    #expect(counts.checkedIn == 2 && counts.marked == 2 && counts.byStatus == ["present": 2])
  }
}
