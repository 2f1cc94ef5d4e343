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

/// The app's outbox against a real PostgreSQL server: actions made while the server is stopped
/// wait in a SQLite file and arrive in order, exactly once, when it is back; actions that no
/// longer apply are reported.
@MainActor
@Suite(.serialized) struct SharedStorageTests {
  private func shared(_ uri: String, outbox: String) throws -> SharedStorage {
    let writer = UUID()
    return try SharedStorage(
      open: { try SharedConnections.open(conninfo: uri, writerID: writer, environment: [:]) },
      replica: try SQLiteReplica(path: outbox), sendingReplica: try SQLiteReplica(path: outbox))
  }

  private func texts(_ uri: String, _ list: UUID) throws -> [String] {
    let list = try PostgresStore(conninfo: uri, environment: [:]).loadList(list)
    return (0..<list.count).map { list[$0].text }
  }

  @Test func actionsMadeOfflineArriveInOrderOnceTheServerIsBack() throws {
    let server = try TemporaryPostgres.dedicated()
    let uri = try SharedServerTesting.database(on: server)
    let path = SharedServerTesting.replicaPath()
    let storage = try shared(uri, outbox: path)
    defer { storage.close() }
    let guests = try storage.createList(title: "Guests", rule: .personalName)
    let library = try LibraryController(storage: storage)
    #expect(library.current.id == guests.id)
    try library.current.append("Ama Owusu")
    #expect(try SharedServerTesting.poll(storage, seconds: 5) { storage.waiting == 0 })
    #expect(try texts(uri, guests.id) == ["Ama Owusu"])

    try server.stop()
    #expect(try SharedServerTesting.poll(storage, seconds: 20) { !storage.isOnline })
    try library.current.append("Efua Sarpong")
    try library.current.append("Kwame Asante")
    #expect(storage.waiting == 2)
    #expect(library.sync() == false)  // offline: no error, nothing to read
    // Kept on disk: a restart would find them, in order.
    let kept = try SQLiteOutbox(path: path)
    #expect(try kept.count() == 2)
    #expect(try kept.first()?.entryText == "Efua Sarpong")

    try server.resume()
    #expect(
      try SharedServerTesting.poll(storage, seconds: 20) {
        storage.isOnline && storage.waiting == 0
      })
    #expect(try texts(uri, guests.id) == ["Ama Owusu", "Efua Sarpong", "Kwame Asante"])
    #expect(storage.takeNotApplied().isEmpty)
  }

  @Test func aWindowsCheckInIsOnTheServerAtOnceAndWaitsWhileItCannotBeReached() throws {
    let server = try TemporaryPostgres.dedicated()
    let uri = try SharedServerTesting.database(on: server)
    let storage = try shared(uri, outbox: SharedServerTesting.replicaPath())
    defer { storage.close() }
    let guests = try storage.createList(title: "Guests", rule: .personalName)
    let direct = try PostgresStore(conninfo: uri, environment: [:])
    let added = try direct.add(["Ama Owusu", "Kwame Asante"], category: nil, to: guests.id)
    // The window reads the replica, which the sending thread fills as the server announces.
    #expect(
      try SharedServerTesting.poll(storage, seconds: 10) {
        (try? storage.lists().first { $0.id == guests.id }?.count) == 2
      })
    let library = try LibraryController(storage: storage)
    #expect(library.current.id == guests.id && library.current.count == 2)
    let door = try #require(try AttendanceController(desk: storage, list: library.current))
    guard case .done(let counts) = door.checkIn(added[0].id) else {
      Issue.record("the check-in was refused")
      return
    }
    #expect(counts.checkedIn == 1)
    // On the server at once, stamped with the window's role.
    let session = try direct.session(named: door.sessionName, in: guests.id, creating: false)
    let stored = try direct.attendanceLedger(for: guests.id, session: session.id, entries: nil)
    #expect(stored.state(of: added[0].id, in: session.id)?.isCheckedIn == true)

    try server.stop()
    #expect(try SharedServerTesting.poll(storage, seconds: 20) { !storage.isOnline })
    // Offline, the check-in waits in the replica and counts at once.
    guard case .done = door.checkIn(added[1].id) else {
      Issue.record("a check-in was refused while the server was down")
      return
    }
    #expect(door.counts.checkedIn == 2)
    #expect(storage.waiting == 1)
    try server.resume()
    #expect(
      try SharedServerTesting.poll(storage, seconds: 20) {
        storage.isOnline && storage.waiting == 0
      })
    #expect(try direct.attendanceSessions(in: guests.id).first?.counts.checkedIn == 2)
  }

  @Test func anotherDoorsCheckInReachesTheWindow() throws {
    let uri = try SharedServerTesting.database(on: TemporaryPostgres.shared())
    let storage = try shared(uri, outbox: SharedServerTesting.replicaPath())
    defer { storage.close() }
    let guests = try storage.createList(title: "Guests", rule: .personalName)
    let door = try PostgresStore(conninfo: uri, environment: [:])
    let added = try door.add(["Ama Owusu", "Kwame Asante"], category: nil, to: guests.id)
    #expect(
      try SharedServerTesting.poll(storage, seconds: 10) {
        (try? storage.lists().first { $0.id == guests.id }?.count) == 2
      })
    let library = try LibraryController(storage: storage)
    let desk = try #require(try AttendanceController(desk: storage, list: library.current))
    guard case .done = desk.checkIn(added[0].id) else {
      Issue.record("the window's own check-in was refused")
      return
    }
    // Another door checks Kwame in: no row of the replica changes, yet the window hears of it.
    let session = try door.session(named: desk.sessionName, in: guests.id, creating: false)
    _ = try door.checkIn([added[1].id], session: session.id, in: guests.id)
    // As the window follows: its sync reads the news, and the desk then reads the server.
    let deadline = Date(timeIntervalSinceNow: 10)
    while desk.state(of: added[1].id)?.isCheckedIn != true, Date() < deadline {
      if library.sync() { desk.sync() }
      Thread.sleep(forTimeInterval: 0.05)
    }
    #expect(desk.state(of: added[1].id)?.isCheckedIn == true)
  }

  @Test func aReplayedOutboxAppliesEachOperationOnce() throws {
    let uri = try SharedServerTesting.database(on: TemporaryPostgres.shared())
    let store = try PostgresStore(conninfo: uri, environment: [:])
    let guests = try store.createList(title: "Guests", rule: .personalName)
    let added = try store.add(["Yaw Boateng", "Esi Owusu"], category: nil, to: guests.id)
    // A removal: sent twice without its operation id, the second would find the entry gone
    // and report it, and log a second action.
    let operation = PendingOperation(
      id: UUID(), list: guests.id,
      change: ListChange(origin: .action, edits: [.remove(added[0], offset: 0, after: nil)]))
    var positions: [Int64] = []
    // Sent, then found again in an outbox (as after a crash before it was crossed off); each
    // replica is new, so its first sync sends the outbox before the window opens.
    for _ in 0..<2 {
      let path = SharedServerTesting.replicaPath()
      try SQLiteOutbox(path: path).append(operation)
      let storage = try shared(uri, outbox: path)
      storage.close()
      #expect(storage.takeNotApplied().isEmpty)
      #expect(try SQLiteOutbox(path: path).count() == 0)
      positions.append(try store.snapshot(of: guests.id).position)
    }
    #expect(positions[0] == positions[1])
    #expect(try texts(uri, guests.id) == ["Esi Owusu"])
    // The store itself: the same operation id again, nothing done, nothing reported.
    #expect(try store.record(operation.change, in: guests.id, operation: operation.id).isEmpty)
    #expect(try store.snapshot(of: guests.id).position == positions[0])
  }

  @Test func anActionThatNoLongerAppliesIsReportedAndLeavesTheOutbox() throws {
    let uri = try SharedServerTesting.database(on: TemporaryPostgres.shared())
    let store = try PostgresStore(conninfo: uri, environment: [:])
    let guests = try store.createList(title: "Guests", rule: .personalName)
    let gone = try store.createList(title: "Gone", rule: .personalName)
    let anna = try store.add(["Anna"], category: nil, to: guests.id)[0]
    var renamed = anna
    renamed.text = "Anna Maria"
    let path = SharedServerTesting.replicaPath()
    let outbox = try SQLiteOutbox(path: path)
    // Made offline: a rename of Anna, and an add to the list "Gone"; meanwhile a colleague
    // deleted both.
    try outbox.append(
      PendingOperation(
        id: UUID(), list: guests.id,
        change: ListChange(origin: .action, edits: [.update(old: anna, new: renamed)])))
    try outbox.append(
      PendingOperation(
        id: UUID(), list: gone.id,
        change: ListChange(
          origin: .action,
          edits: [.insert(Entry(id: UUID(), text: "Kofi", created: Date()), offset: 0, after: nil)])
      ))
    _ = try store.remove([.id(anna.id)], from: guests.id)
    try store.deleteList(gone.id)

    let storage = try shared(uri, outbox: path)
    defer { storage.close() }
    let reports = storage.takeNotApplied()
    #expect(reports.map(\.reason) == [.entryDeleted, .listDeleted])
    #expect(
      reports.map(\.message) == [
        "“Anna Maria” was not saved: someone deleted that entry meanwhile.",
        "“Kofi” was not saved: someone deleted its list meanwhile.",
      ])
    #expect(try outbox.count() == 0)
    #expect(try texts(uri, guests.id) == [])
  }
}
