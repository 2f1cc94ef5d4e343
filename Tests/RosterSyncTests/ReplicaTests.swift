import Foundation
import RosterBackend
import RosterEngines
import RosterKit
import RosterPostgres
import RosterStore
import RosterSync
import RosterTestSupport
import Testing

/// A machine's replica of a real PostgreSQL server: filled and kept in step through the
/// server's change log, one transaction per step with its cursor, shared safely by several
/// connections, and the app's storage over it working with the server down.
@Suite(.serialized) struct ReplicaTests {
  /// Each entry's id, text and category, in order.
  private func rows(_ list: RosterList) -> [String] {
    (0..<list.count).map { "\(list[$0].id) \(list[$0].text) \(list[$0].category ?? "-")" }
  }

  /// Whether the replica holds the list as the server has it, with its cursor at the server's.
  private func inStep(_ replica: SQLiteReplica, _ server: PostgresStore, _ id: UUID) throws
    -> Bool
  {
    let (stored, position) = try server.snapshot(of: id)
    let copy = try replica.store.loadList(id)
    let cursor = try replica.cursors()[id]
    return rows(copy) == rows(stored) && copy.title == stored.title
      && copy.categories == stored.categories && cursor == position
  }

  @Test func aReplicaFollowsTheServerThroughItsChangeLog() throws {
    let uri = try SharedServerTesting.database(on: TemporaryPostgres.shared())
    let server = try PostgresStore(conninfo: uri, environment: [:])
    let guests = try server.createList(title: "Guests", rule: .personalName)
    let added = try server.add(
      ["Ama Owusu", "Kofi Mensah", "Esi Owusu"], category: nil, to: guests.id)
    let replica = try SQLiteReplica(path: SharedServerTesting.replicaPath())
    let puller = ReplicaPuller(server: server, replica: replica)
    var fetched: [String] = []
    let first = try puller.pull { fetched.append($0.title) }
    #expect(fetched == ["Guests"])
    #expect(first.lists == 1 && first.changed == [guests.id])
    #expect(try inStep(replica, server, guests.id))
    #expect(try replica.lastSync() != nil)

    // Every kind of edit arrives through the log, not by fetching the list again.
    _ = try server.add(["Yaw Boateng"], category: "Staff", to: guests.id)
    _ = try server.updateText(of: .id(added[0].id), to: "Ama Owusu-Mensah", in: guests.id)
    try server.move(.id(added[2].id), toPosition: 1, in: guests.id)
    _ = try server.remove([.id(added[1].id)], from: guests.id)
    try server.renameList(guests.id, to: "Guests 2026")
    fetched = []
    let second = try puller.pull { fetched.append($0.title) }
    #expect(fetched.isEmpty, "a list in step was fetched whole")
    #expect(second.changed == [guests.id])
    #expect(try inStep(replica, server, guests.id))
    #expect(try replica.store.lists().map(\.title) == ["Guests 2026"])
    // Nothing new: nothing changes.
    #expect(try puller.pull().changed.isEmpty)
  }

  @Test func concurrentEditsOfDifferentFieldsBothStayAndTheLastWriteWinsAField() throws {
    let uri = try SharedServerTesting.database(on: TemporaryPostgres.shared())
    let server = try PostgresStore(conninfo: uri, environment: [:])
    let guests = try server.createList(title: "Guests", rule: .personalName)
    let ama = try server.add(["Ama"], category: nil, to: guests.id)[0]
    let replica = try SQLiteReplica(path: SharedServerTesting.replicaPath())
    try ReplicaPuller(server: server, replica: replica).pull()
    // Two replicas changed Ama while apart, each against the version it had: one the
    // category, the other the text; then a third writer the text again.
    var staff = ama
    staff.category = "Staff"
    var named = ama
    named.text = "Ama Owusu"
    var renamed = ama
    renamed.text = "Ama Mensah"
    for (old, new) in [(ama, staff), (ama, named), (ama, renamed)] {
      try server.record(
        ListChange(origin: .action, edits: [.update(old: old, new: new)]), in: guests.id,
        operation: UUID())
    }
    let stored = try server.loadList(guests.id)[0]
    #expect(stored.text == "Ama Mensah" && stored.category == "Staff")
    try ReplicaPuller(server: server, replica: replica).pull()
    #expect(try inStep(replica, server, guests.id))
  }

  @Test func aBigListIsStoredWholeWithItsIdIndexAndFetchedAgainInPlace() throws {
    let count = 60_000
    let list = RosterList(title: "Guests", rule: .text)
    for number in 0..<count { try list.append("Guest \(number)") }
    let path = SharedServerTesting.replicaPath()
    let replica = try SQLiteReplica(path: path)
    try replica.adopt(list, position: 7)
    // Fetched again (a pruned log): replaced, not doubled, the index whole.
    try list.append("One more")
    try replica.adopt(list, position: 9)
    let stored = try replica.store.loadList(list.id)
    #expect(stored.count == count + 1)
    #expect(try replica.cursors()[list.id] == 9)
    let last = list[count]
    #expect(try replica.store.entry(.id(last.id), in: list.id).text == "One more")
    #expect(try replica.store.entry(.id(list[count / 2].id), in: list.id).text == "Guest 30000")
    #expect(try replica.store.integrityCheck() == "ok")
    #expect(try replica.store.lists().map(\.count) == [count + 1])
  }

  @Test func twoConnectionsPullingAtOnceApplyEachChangeOnce() throws {
    let uri = try SharedServerTesting.database(on: TemporaryPostgres.shared())
    let server = try PostgresStore(conninfo: uri, environment: [:])
    let guests = try server.createList(title: "Guests", rule: .text)
    let path = SharedServerTesting.replicaPath()
    try ReplicaPuller(server: server, replica: try SQLiteReplica(path: path)).pull()
    for round in 0..<20 {
      _ = try server.add(["Guest \(round)"], category: nil, to: guests.id)
    }
    // Two processes of one user pull the same changes into one replica at the same moment.
    let failures = Failures()
    let done = DispatchGroup()
    for _ in 0..<2 {
      done.enter()
      Thread.detachNewThread {
        defer { done.leave() }
        do {
          let own = try PostgresStore(conninfo: uri, environment: [:])
          let replica = try SQLiteReplica(path: path)
          for _ in 0..<5 { try ReplicaPuller(server: own, replica: replica).pull() }
        } catch {
          failures.add("\(error)")
        }
      }
    }
    #expect(done.wait(timeout: .now() + 60) == .success)
    #expect(failures.all.isEmpty, "\(failures.all)")
    let replica = try SQLiteReplica(path: path)
    #expect(try inStep(replica, server, guests.id))
    #expect(try replica.store.loadList(guests.id).count == 20)
  }

  @Test func aLogPrunedPastTheCursorFetchesTheListWhole() throws {
    let postgres = try TemporaryPostgres.shared()
    let uri = try SharedServerTesting.database(on: postgres)
    let server = try PostgresStore(conninfo: uri, environment: [:])
    let guests = try server.createList(title: "Guests", rule: .text)
    _ = try server.add(["Anna"], category: nil, to: guests.id)
    let replica = try SQLiteReplica(path: SharedServerTesting.replicaPath())
    try ReplicaPuller(server: server, replica: replica).pull()
    _ = try server.add(["Berta", "Carla"], category: nil, to: guests.id)
    // The server forgot its log up to now, as it does past its last 1,000 changes.
    _ = try postgres.sql(
      "DELETE FROM changes; UPDATE lists SET pruned = seq;", uri: uri)
    var fetched: [String] = []
    try ReplicaPuller(server: server, replica: replica).pull { fetched.append($0.title) }
    #expect(fetched == ["Guests"])
    #expect(try inStep(replica, server, guests.id))
  }

  @Test func aListTheUserCanNoLongerSeeLeavesTheReplicaAndItsWaitingChangesAreRejected()
    throws
  {
    let uri = try SharedServerTesting.database(on: TemporaryPostgres.shared())
    let server = try PostgresStore(conninfo: uri, environment: [:])
    let guests = try server.createList(title: "Guests", rule: .personalName)
    let kept = try server.createList(title: "Kept", rule: .personalName)
    let path = SharedServerTesting.replicaPath()
    try ReplicaPuller(server: server, replica: try SQLiteReplica(path: path)).pull()
    // Made here while offline: an add to Guests, which someone then deletes on the server.
    let replica = try SQLiteReplica(path: path)
    try replica.outbox.append(
      PendingOperation(
        id: UUID(), list: guests.id,
        change: ListChange(
          origin: .action,
          edits: [.insert(Entry(id: UUID(), text: "Kofi", created: Date()), offset: 0, after: nil)])
      ))
    try server.deleteList(guests.id)

    let writer = UUID()
    let storage = try SharedStorage(
      open: { try SharedConnections.open(conninfo: uri, writerID: writer, environment: [:]) },
      replica: replica, sendingReplica: try SQLiteReplica(path: path))
    defer { storage.close() }
    #expect(try SharedServerTesting.poll(storage) { storage.waiting == 0 && storage.isOnline })
    #expect(try SharedServerTesting.poll(storage) { (try? storage.lists().map(\.id)) == [kept.id] })
    let rejected = try replica.rejected()
    #expect(rejected.map(\.entryText) == ["Kofi"])
    #expect(rejected.first?.list == guests.id)
    #expect(rejected.first?.reason.contains("deleted") == true)
    #expect(storage.takeNotApplied().map(\.reason) == [.listDeleted])
  }

  @Test func theAppsStorageWorksOnTheReplicaWithTheServerDown() throws {
    let postgres = try TemporaryPostgres.dedicated()
    let uri = try SharedServerTesting.database(on: postgres)
    let server = try PostgresStore(conninfo: uri, environment: [:])
    let guests = try server.createList(title: "Guests", rule: .personalName)
    _ = try server.add(["Ama Owusu"], category: nil, to: guests.id)
    let path = SharedServerTesting.replicaPath()
    let writer = UUID()
    func open() throws -> SharedStorage {
      try SharedStorage(
        open: { try SharedConnections.open(conninfo: uri, writerID: writer, environment: [:]) },
        replica: try SQLiteReplica(path: path), sendingReplica: try SQLiteReplica(path: path))
    }
    // The first start fills the replica.
    try open().close()
    try postgres.stop()
    defer { try? postgres.resume() }
    let started = ContinuousClock.now
    let storage = try open()
    defer { storage.close() }
    #expect(ContinuousClock.now - started < .seconds(2), "the start waited for the server")
    #expect(try storage.lists().map(\.title) == ["Guests"])
    let list = try storage.loadList(guests.id)
    #expect(rows(list).count == 1)
    #expect(try SharedServerTesting.poll(storage) { !storage.isOnline })
    #expect(storage.lastSync != nil)
    try list.append("Kwame Asante")
    try storage.record(
      ListChange(
        origin: .action,
        edits: [.insert(list[1], offset: 1, after: list[0].id)]),
      in: guests.id)
    #expect(storage.waiting == 1)
    // A restart while offline shows the waiting add on top of the replica.
    let again = try open()
    #expect(try again.loadList(guests.id).count == 2)
    again.close()

    try postgres.resume()
    #expect(
      try SharedServerTesting.poll(storage, seconds: 20) {
        storage.isOnline && storage.waiting == 0
      })
    #expect(try server.loadList(guests.id).count == 2)
    let replica = try SQLiteReplica(path: path)
    #expect(
      try SharedServerTesting.poll(storage) { (try? inStep(replica, server, guests.id)) == true })
  }
}

/// Errors collected from several threads.
private final class Failures: @unchecked Sendable {
  private let lock = NSLock()
  private var items: [String] = []

  func add(_ item: String) {
    lock.lock()
    items.append(item)
    lock.unlock()
  }

  var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return items
  }
}
