import Foundation
import RosterAppCore
import RosterBackend
import RosterEngines
import RosterKit
import RosterPostgres
import RosterStore
import RosterSync
import RosterTestSupport
import Testing

/// Check-ins in a replica against a real PostgreSQL server: the replica holds the server's
/// sessions, statuses and events; a door checks people in while the server cannot be reached,
/// and its check-ins arrive once it is back, a second check-in made offline kept as a double
/// check-in and told to the door.
@MainActor
@Suite(.serialized) struct OfflineAttendanceTests {
  /// Whether the window's opener refuses to connect, as when the network is down.
  final class Cut: @unchecked Sendable {
    private let lock = NSLock()
    private var cut = false
    var isCut: Bool {
      get { lock.withLock { cut } }
      set { lock.withLock { cut = newValue } }
    }
  }

  private func shared(_ uri: String, replica path: String, cut: Cut = Cut()) throws
    -> SharedStorage
  {
    let writer = UUID()
    return try SharedStorage(
      open: {
        if cut.isCut { throw StoreError.database("cut off") }
        let pair = try SharedConnections.open(conninfo: uri, writerID: writer, environment: [:])
        // A connection that was under way when the cut began (the server paused) is cut too.
        if cut.isCut { throw StoreError.database("cut off") }
        return pair
      },
      replica: try SQLiteReplica(path: path), sendingReplica: try SQLiteReplica(path: path))
  }

  /// Takes the window offline: the server stops, and the window's opener refuses to connect
  /// until `cut` is lifted, so the server can come back for other doors first.
  private func cutOff(_ storage: SharedStorage, _ cut: Cut, server: TemporaryPostgres) throws {
    try server.stop()
    #expect(try SharedServerTesting.poll(storage, seconds: 20) { !storage.isOnline })
    cut.isCut = true
    try server.resume()
  }

  @Test func theServersCheckInsSessionsAndStatusesReachTheReplica() throws {
    let uri = try SharedServerTesting.database(on: TemporaryPostgres.shared())
    let door = try PostgresStore(conninfo: uri, environment: [:])
    let guests = try door.createList(title: "Guests", rule: .personalName)
    let added = try door.add(
      ["Ama Owusu", "Kwame Asante", "Efua Sarpong"], category: nil,
      to: guests.id)
    let evening = try door.session(named: "Friday", in: guests.id, creating: true)
    _ = try door.checkIn([added[0].id, added[1].id], session: evening.id, in: guests.id)
    try door.addAttendanceStatus(named: "speaker", countsAs: .present, in: guests.id)

    let replica = try SQLiteReplica(path: SharedServerTesting.replicaPath())
    let puller = ReplicaPuller(server: door, replica: replica)
    try puller.pull()
    let copy = replica.store
    var sessions = try copy.attendanceSessions(in: guests.id)
    #expect(sessions.map(\.session) == [evening])
    #expect(sessions.first?.counts.checkedIn == 2)
    #expect(try copy.attendanceStatuses(in: guests.id).map(\.name).last == "speaker")
    #expect(
      try copy.attendanceLog(in: guests.id, session: nil, after: 0).map(\.sequence)
        == door.attendanceLog(in: guests.id, session: nil, after: 0).map(\.sequence))

    // Only check-ins change on the server: the list's change log stands still, yet they come.
    _ = try door.checkIn([added[2].id], session: evening.id, in: guests.id)
    #expect(try puller.pull().changed == [guests.id])
    #expect(try copy.attendanceSessions(in: guests.id).first?.counts.checkedIn == 3)
    #expect(try puller.pull().changed.isEmpty)
    // A session made on the server, with no check-in yet, comes too; so does its deletion.
    _ = try door.session(named: "Sunday", in: guests.id, creating: true)
    #expect(try puller.pull().changed == [guests.id])
    #expect(
      try copy.attendanceSessions(in: guests.id).map(\.session.name) == ["Friday", "Sunday"])
    try door.deleteSession(named: "Sunday", force: false, in: guests.id)

    // A session renamed and another made; an entry checked in is deleted: counted no more.
    try door.renameSession(named: "Friday", to: "Friday evening", in: guests.id)
    let saturday = try door.session(named: "Saturday", in: guests.id, creating: true)
    _ = try door.checkIn([added[0].id], session: saturday.id, in: guests.id)
    _ = try door.remove([.id(added[1].id)], from: guests.id)
    try puller.pull()
    sessions = try copy.attendanceSessions(in: guests.id)
    #expect(sessions.map(\.session.name) == ["Friday evening", "Saturday"])
    #expect(sessions.map(\.counts.checkedIn) == [2, 1])
    #expect(
      try copy.attendanceSessions(in: guests.id).map(\.counts)
        == door.attendanceSessions(in: guests.id).map(\.counts))
  }

  @Test func aCheckInMadeOfflineArrivesOnceTheServerAnswers() throws {
    let server = try TemporaryPostgres.dedicated()
    let uri = try SharedServerTesting.database(on: server)
    let door = try PostgresStore(conninfo: uri, environment: [:])
    let guests = try door.createList(title: "Guests", rule: .personalName)
    let added = try door.add(["Ama Owusu", "Kwame Asante"], category: nil, to: guests.id)
    let cut = Cut()
    let storage = try shared(uri, replica: SharedServerTesting.replicaPath(), cut: cut)
    defer { storage.close() }
    let library = try LibraryController(storage: storage)
    let desk = try #require(try AttendanceController(desk: storage, list: library.current))

    try cutOff(storage, cut, server: server)
    // Offline: today's session is made here, and the check-in waits.
    guard case .done(let counts) = desk.checkIn(added[0].id) else {
      Issue.record("a check-in made offline was refused")
      return
    }
    #expect(counts.checkedIn == 1)
    #expect(storage.waiting == 1)
    #expect(desk.sessions.map(\.name) == [desk.sessionName])
    // A second window of the machine reads it from the replica, waiting on top.
    let again = try #require(try AttendanceController(desk: storage, list: library.current))
    #expect(again.state(of: added[0].id)?.isCheckedIn == true)

    cut.isCut = false
    #expect(try SharedServerTesting.poll(storage, seconds: 20) { storage.waiting == 0 })
    let session = try door.session(named: desk.sessionName, in: guests.id, creating: false)
    let log = try door.attendanceLog(in: guests.id, session: session.id, after: 0)
    #expect(log.map(\.entry) == [added[0].id])
    #expect(log.first?.madeOffline == true)
    #expect(try door.attendanceSessions(in: guests.id).first?.counts.checkedIn == 1)
    // The window now follows the server's session, and the check-in stays.
    let deadline = Date(timeIntervalSinceNow: 10)
    while desk.session?.id != session.id, Date() < deadline {
      _ = library.sync()
      desk.sync()
      Thread.sleep(forTimeInterval: 0.05)
    }
    #expect(desk.session?.id == session.id)
    #expect(desk.state(of: added[0].id)?.isCheckedIn == true)
    #expect(storage.takeRefusedAttendance().isEmpty)
  }

  @Test func anOfflineCheckInArrivingSecondIsKeptAsADoubleAndToldToTheDoor() throws {
    let server = try TemporaryPostgres.dedicated()
    let uri = try SharedServerTesting.database(on: server)
    let door = try PostgresStore(conninfo: uri, environment: [:])
    let guests = try door.createList(title: "Guests", rule: .personalName)
    let added = try door.add(["Zoë Saldaña", "Kwame Asante"], category: nil, to: guests.id)
    let cut = Cut()
    let storage = try shared(uri, replica: SharedServerTesting.replicaPath(), cut: cut)
    defer { storage.close() }
    let library = try LibraryController(storage: storage)
    let desk = try #require(try AttendanceController(desk: storage, list: library.current))
    var messages: [String] = []
    desk.onMessage = { messages.append($0) }

    try cutOff(storage, cut, server: server)
    guard case .done = desk.checkIn(added[0].id) else {
      Issue.record("a check-in made offline was refused")
      return
    }
    // Meanwhile another door, online, checks Zoë in first.
    let other = try PostgresStore(conninfo: uri, environment: [:])
    let session = try other.session(named: desk.sessionName, in: guests.id, creating: true)
    let first = try other.checkIn([added[0].id], session: session.id, in: guests.id)
    #expect(first.stored.count == 1)

    cut.isCut = false
    #expect(try SharedServerTesting.poll(storage, seconds: 20) { storage.waiting == 0 })
    // Both are kept; the first holds the state and the count.
    let log = try other.attendanceLog(in: guests.id, session: session.id, after: 0)
    #expect(log.count == 2)
    #expect(log.last?.madeOffline == true)
    #expect(try other.attendanceSessions(in: guests.id).first?.counts.checkedIn == 1)
    let ledger = try other.attendanceLedger(for: guests.id, session: session.id, entries: nil)
    #expect(ledger.state(of: added[0].id, in: session.id)?.checkIn?.event == first.stored[0].id)
    // The door that made it is told, and shows the first check-in.
    let deadline = Date(timeIntervalSinceNow: 10)
    while messages.isEmpty, Date() < deadline {
      _ = library.sync()
      desk.settle()
      Thread.sleep(forTimeInterval: 0.05)
    }
    #expect(messages.count == 1, "\(messages)")
    #expect(messages.first?.contains("checked in twice") == true)
    #expect(messages.first?.contains("Zoë Saldaña") == true)
    while desk.session?.id != session.id, Date() < deadline {
      _ = library.sync()
      desk.sync()
      Thread.sleep(forTimeInterval: 0.05)
    }
    #expect(desk.state(of: added[0].id)?.checkIn?.event == first.stored[0].id)
    #expect(desk.counts.checkedIn == 1)
  }

  @Test func anOfflineCheckOutOfAnEntryDeletedMeanwhileIsListedRejected() throws {
    let uri = try SharedServerTesting.database(on: TemporaryPostgres.shared())
    let door = try PostgresStore(conninfo: uri, environment: [:])
    let guests = try door.createList(title: "Guests", rule: .personalName)
    let added = try door.add(["Ama Owusu"], category: nil, to: guests.id)
    let session = try door.session(named: "Friday", in: guests.id, creating: true)
    _ = try door.checkIn([added[0].id], session: session.id, in: guests.id)
    let replica = try SQLiteReplica(path: SharedServerTesting.replicaPath())
    try ReplicaSync(replica: replica).sync(with: door)
    // Checked out offline here, while another door deleted the entry on the server.
    let origin = AttendanceOrigin(by: "door-2", device: "door-2")
    let ledger = try replica.store.attendanceLedger(
      for: guests.id, session: session.id, entries: nil)
    var out = try ledger.checkingOut(added[0].id, in: session.id, origin: origin)
    out.madeOffline = true
    try replica.attendanceQueue.appendAttendance(
      WaitingAttendance(list: guests.id, sessionName: "Friday", events: [out]))
    #expect(try replica.waitingCount() == 1)
    _ = try door.remove([.id(added[0].id)], from: guests.id)
    let report = try ReplicaSync(replica: replica).sync(with: door)
    #expect(report.waiting == 0)
    #expect(report.attendance.count == 1)
    let rejected = try replica.rejected()
    #expect(rejected.count == 1)
    #expect(rejected.first?.entryText == "Ama Owusu")
    // Sent again (as after a crash before it left the queue): stored at most once.
    try replica.attendanceQueue.appendAttendance(
      WaitingAttendance(list: guests.id, sessionName: "Friday", events: [out]))
    try ReplicaSync(replica: replica).sync(with: door)
    #expect(try door.attendanceLog(in: guests.id, session: session.id, after: 0).count == 1)
  }
}
