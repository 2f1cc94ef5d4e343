import Foundation
import RosterBackend
import RosterKit
import RosterTestSupport
import Testing

@testable import RosterPostgres

/// Several connections on one list: sequence numbers, notifications, retries, positions.
@Suite struct SharingTests {
  private func database() throws -> String {
    let uri = try TemporaryPostgres.shared().makeDatabase()
    _ = try PostgresStore.initializeSchema(conninfo: uri)
    return uri
  }

  @Test func concurrentWritersGetGapFreeSequenceNumbersAndUniqueKeys() throws {
    let uri = try database()
    let first = try PostgresStore(conninfo: uri)
    let list = try first.createList(title: "Doors", rule: .text)
    let anchor = try first.add(["Anchor"], category: nil, to: list.id)[0]
    let writers = 4
    let perWriter = 15
    let failures = Failures()
    DispatchQueue.concurrentPerform(iterations: writers) { writer in
      do {
        let store = try PostgresStore(conninfo: uri)
        for index in 0..<perWriter {
          let entry = Entry(id: UUID(), text: "W\(writer) \(index)", created: Date())
          // Every insert lands right after the same neighbour.
          try store.record(
            ListChange(origin: .action, edits: [.insert(entry, offset: 1, after: anchor.id)]),
            in: list.id)
        }
      } catch {
        failures.add("\(error)")
      }
    }
    #expect(failures.all.isEmpty)
    let loaded = try first.loadList(list.id)
    #expect(loaded.count == 1 + writers * perWriter)
    #expect(Set(loaded.entries.map(\.text)).count == loaded.count)
    let server = try TemporaryPostgres.shared()
    let seqs = try server.sql("SELECT seq FROM changes ORDER BY seq", uri: uri)
      .split(separator: "\n").compactMap { Int($0) }
    #expect(seqs == Array(1...(1 + writers * perWriter)))
    let keys = try server.sql("SELECT count(DISTINCT key) = count(*) FROM entries", uri: uri)
    #expect(keys.hasPrefix("t"))
    // The order is stable: another connection loads the same order.
    #expect(
      try PostgresStore(conninfo: uri).loadList(list.id).entries.map(\.id)
        == loaded.entries.map(\.id))
  }

  @Test func notificationsCarryIdsAndNumbersOnlyAndWakeAWaitingFollower() throws {
    let uri = try database()
    let writer = try PostgresStore(conninfo: uri)
    let list = try writer.createList(title: "Guests", rule: .personalName)
    let listener = try Connection(conninfo: ConnectionString(uri))
    try listener.execute("LISTEN roster")
    let quiet = Box<Bool>()
    let woke = Box<Double>()
    let thread = Thread {
      guard let follower = try? PostgresStore(conninfo: uri) else { return }
      _ = try? follower.hasExternalChanges()
      quiet.value = (try? follower.waitForExternalChanges(timeout: .milliseconds(200))) == false
      let start = Date()
      if (try? follower.waitForExternalChanges(timeout: .seconds(10))) == true {
        woke.value = Date().timeIntervalSince(start)
      }
    }
    thread.start()
    for _ in 0..<100 where quiet.value == nil { Thread.sleep(forTimeInterval: 0.05) }
    #expect(quiet.value == true)
    Thread.sleep(forTimeInterval: 0.3)
    try writer.add(["Secret Name"], category: nil, to: list.id)
    for _ in 0..<100 where woke.value == nil { Thread.sleep(forTimeInterval: 0.05) }
    #expect((woke.value ?? 99) < 2)
    Thread.sleep(forTimeInterval: 0.2)
    let payloads = try listener.notifications().map(\.payload)
    #expect(!payloads.isEmpty)
    for payload in payloads {
      #expect(!payload.contains("Secret"))
      #expect(payload.wholeMatch(of: /[0-9a-f-]{36} [0-9]+/) != nil, "\(payload)")
    }
  }

  @Test func anActionAfterTheBackendWasTerminatedIsRetriedAndAppliedOnce() throws {
    let uri = try database()
    let store = try PostgresStore(conninfo: uri)
    let list = try store.createList(title: "Guests", rule: .personalName)
    try store.add(["Anna"], category: nil, to: list.id)
    let pid = store.connection.backendPID
    try TemporaryPostgres.shared().sql("SELECT pg_terminate_backend(\(pid))")
    try store.add(["Bob"], category: nil, to: list.id)
    #expect(try store.loadList(list.id).entries.map(\.text) == ["Anna", "Bob"])
    #expect(store.connection.backendPID != pid)
  }

  @Test func aCommitWhoseReplyIsLostIsAppliedExactlyOnce() throws {
    let uri = try database()
    let store = try PostgresStore(conninfo: uri)
    let list = try store.createList(title: "Guests", rule: .personalName)
    let pid = store.connection.backendPID
    store.losesNextCommitReply = true
    let added = try store.add(["Anna"], category: nil, to: list.id)
    #expect(added.map(\.text) == ["Anna"])
    #expect(store.connection.backendPID != pid)
    #expect(try store.loadList(list.id).entries.map(\.id) == added.map(\.id))
    let changes = try TemporaryPostgres.shared().sql("SELECT count(*) FROM changes", uri: uri)
    #expect(changes.hasPrefix("1"))
  }

  @Test func aStatementTimeoutIsRetriedUntilTheLockIsFree() throws {
    let uri = try database()
    let server = try TemporaryPostgres.shared()
    let store = try PostgresStore(conninfo: uri + "?options=-c%20statement_timeout%3D300")
    let list = try store.createList(title: "Guests", rule: .personalName)
    let held = Box<Bool>()
    let thread = Thread {
      held.value = true
      _ = try? server.sql(
        "BEGIN; SELECT 1 FROM lists FOR UPDATE; SELECT pg_sleep(1.5); COMMIT;", uri: uri)
    }
    thread.start()
    Thread.sleep(forTimeInterval: 0.4)
    #expect(held.value == true)
    let start = Date()
    try store.add(["Anna"], category: nil, to: list.id)
    #expect(Date().timeIntervalSince(start) > 0.5)
    #expect(try store.loadList(list.id).entries.map(\.text) == ["Anna"])
    #expect(try server.sql("SELECT count(*) FROM changes", uri: uri).hasPrefix("1"))
  }

  @Test func aLargeImportLoadsAgainInOrder() throws {
    let uri = try database()
    let store = try PostgresStore(conninfo: uri)
    let list = try store.createList(title: "Big", rule: .text)
    let batch = try store.beginImport(into: list.id)
    for index in 0..<20_000 {
      try batch.add(text: "Entry \(index) \\ back", category: index % 2 == 0 ? "Even" : nil)
    }
    try batch.commit()
    let loaded = try store.loadList(list.id)
    #expect(loaded.count == 20_000)
    #expect(loaded[19_999].text == "Entry 19999 \\ back")
    #expect(loaded[0].category == "Even")
    #expect(loaded[1].category == nil)
    #expect(try store.lists().first?.count == 20_000)
  }
}

/// Errors collected from several threads.
final class Failures: @unchecked Sendable {
  private let lock = NSLock()
  private var messages: [String] = []
  func add(_ message: String) { lock.withLock { messages.append(message) } }
  var all: [String] { lock.withLock { messages } }
}

/// A value set by another thread.
final class Box<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value?
  var value: Value? {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}
