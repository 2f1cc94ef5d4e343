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

  @Test func aSessionIdleInATransactionIsEndedAndAQuickConnectionKeepsItsBounds() throws {
    let uri = try database()
    // A client that froze inside a transaction holding a list's row lock is ended by the
    // server after 10 s, so the list's other writers go on.
    let connection = try Connection(conninfo: ConnectionString(uri, environment: [:]))
    #expect(try connection.execute("SHOW idle_in_transaction_session_timeout").text(0, 0) == "10s")
    // The user's own options win.
    let own = try Connection(
      conninfo: ConnectionString(
        uri + "?options=-c%20idle_in_transaction_session_timeout%3D1min", environment: [:]))
    #expect(try own.execute("SHOW idle_in_transaction_session_timeout").text(0, 0) == "1min")
    // `--offline-ok`'s connection keeps its 2 s whatever the string or the environment say.
    var quick = ConnectionString(
      uri + "?connect_timeout=30", environment: ["PGCONNECT_TIMEOUT": "30"])
    quick.connectTimeout = 2
    quick.connectTimeoutIsFirm = true
    let last = try #require(quick.parameters().last)
    #expect(last.0 == "connect_timeout" && last.1 == "2")
  }

  @Test func notificationsCarryIdsAndNumbersOnlyAndWakeAWaitingFollower() throws {
    let uri = try database()
    let writer = try PostgresStore(conninfo: uri)
    let list = try writer.createList(title: "Guests", rule: .personalName)
    let listener = try Connection(conninfo: ConnectionString(uri))
    try listener.execute("LISTEN roster")
    let quiet = Box<Bool>()
    let waiting = Box<Bool>()
    let woke = Box<Date>()
    let thread = Thread {
      guard let follower = try? PostgresStore(conninfo: uri) else { return }
      _ = try? follower.hasExternalChanges()
      quiet.value = (try? follower.waitForExternalChanges(timeout: .milliseconds(200))) == false
      waiting.value = true
      if (try? follower.waitForExternalChanges(timeout: .seconds(10))) == true {
        woke.value = Date()
      }
    }
    thread.start()
    try waitUntil("the follower's first wait, on a quiet list, to end") { quiet.value != nil }
    #expect(quiet.value == true)
    try waitUntil("the follower to start its second wait") { waiting.value != nil }
    let adding = Date()
    try writer.add(["Secret Name"], category: nil, to: list.id)
    try waitUntil("the add to wake the follower", seconds: 5) { woke.value != nil }
    // Woken by the add: not before it, and soon after.
    let delay = try #require(woke.value).timeIntervalSince(adding)
    #expect(delay >= 0 && delay < 2, "the follower woke \(delay) s after the add began")
    var payloads: [String] = []
    try waitUntil("the add's notification at another listener", seconds: 5) {
      payloads += try listener.notifications().map(\.payload)
      return !payloads.isEmpty
    }
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

  /// As in a server crash (pgfaults.py's `crash`): COMMIT landed, its reply was lost, and the
  /// server was still down when the store reconnected to look the operation id up, so the
  /// retry meets the operation already stored. It must report what landed, not run the action
  /// again: run again, `#1` names another entry, and an add makes new ids.
  @Test func aCommitWhoseReplyIsLostWhileTheServerIsDownIsAppliedExactlyOnce() throws {
    let uri = try database()
    let store = try PostgresStore(conninfo: uri)
    let list = try store.createList(title: "Guests", rule: .personalName)
    let anna = try store.add(["Anna", "Bob"], category: nil, to: list.id)[0]
    store.losesNextCommitReply = true
    store.failsNextReconnect = true
    let removed = try store.remove([.position(1)], from: list.id)
    #expect(removed.map(\.id) == [anna.id])
    #expect(try store.loadList(list.id).entries.map(\.text) == ["Bob"])
    store.losesNextCommitReply = true
    store.failsNextReconnect = true
    let added = try store.add(["Cleo"], category: nil, to: list.id)
    #expect(try store.loadList(list.id).entries.map(\.text) == ["Bob", "Cleo"])
    #expect(try store.loadList(list.id).entries.last?.id == added.first?.id)
    let changes = try TemporaryPostgres.shared().sql("SELECT count(*) FROM changes", uri: uri)
    #expect(changes.hasPrefix("3"))
  }

  @Test func aStatementTimeoutIsRetriedUntilTheLockIsFree() throws {
    let uri = try database()
    let server = try TemporaryPostgres.shared()
    let store = try PostgresStore(conninfo: uri + "?options=-c%20statement_timeout%3D300")
    let list = try store.createList(title: "Guests", rule: .personalName)
    let thread = Thread {
      _ = try? server.sql(
        "BEGIN; SELECT 1 FROM lists FOR UPDATE; SELECT pg_sleep(1.5); COMMIT;", uri: uri)
    }
    thread.start()
    // The other session holds the row lock once it sleeps: its statements run in order.
    let sleeping =
      "SELECT count(*) FROM pg_stat_activity"
      + " WHERE datname = current_database() AND wait_event = 'PgSleep'"
    try waitUntil("the other session to hold the lock and sleep") {
      try server.sql(sleeping, uri: uri).hasPrefix("1")
    }
    try store.add(["Anna"], category: nil, to: list.id)
    // Through its statement timeouts, the add went in only once the lock was free.
    #expect(try server.sql(sleeping, uri: uri).hasPrefix("0"), "the add beat the lock")
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
