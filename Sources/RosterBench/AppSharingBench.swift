import Foundation
import RosterBackend
import RosterEngines
import RosterKit
import RosterStore
import RosterSync

/// Propagation between two app windows on one PostgreSQL server, each on a replica of its own
/// (two machines), through the app's own path: one window's `SharedStorage` puts an add in its
/// replica's outbox, its sending thread sends it; the other window's sending thread hears the
/// notification and pulls the change into its replica, which wakes the window (as `MainWindow`
/// is woken, with a 50 ms poll as the floor), and the window applies `changes(in:since:)`.
/// - Returns: Nanoseconds from each add to its arrival in the other window's list.
/// - Throws: When a store call fails or an add does not arrive within 5 s.
func appPropagation(conninfo: String, edits: Int) throws -> [Double] {
  let environment = ProcessInfo.processInfo.environment
  @Sendable func window() throws -> SharedStorage {
    let writer = UUID()
    let replica = FileManager.default.temporaryDirectory
      .appendingPathComponent("roster-bench-replica-\(UUID().uuidString).sqlite3").path
    return try SharedStorage(
      open: {
        try SharedConnections.open(conninfo: conninfo, writerID: writer, environment: environment)
      }, replica: try SQLiteReplica(path: replica), sendingReplica: try SQLiteReplica(path: replica)
    )
  }
  let sending = try window()
  defer { sending.close() }
  let id = try sending.createList(title: "App \(UUID().uuidString.prefix(6))", rule: .text).id
  let arrivals = Arrivals()
  let follower = Thread {
    do {
      let reading = try window()
      defer { reading.close() }
      // As the window follows: woken when its sending thread took a change into the replica,
      // with a 50 ms poll as the floor.
      let woken = DispatchSemaphore(value: 0)
      reading.onNews = { woken.signal() }
      let (list, start) = try reading.snapshot(of: id)
      var position = start
      arrivals.note(count: 0)
      while list.count < edits {
        _ = woken.wait(timeout: .now() + .milliseconds(50))
        guard try reading.hasExternalChanges() else { continue }
        let (changes, next) = try reading.changes(in: id, since: position)
        position = next
        list.apply(changes)
        arrivals.note(count: list.count)
      }
    } catch {
      arrivals.note(count: -1)
    }
  }
  follower.start()
  _ = arrivals.wait(for: 0)
  var times: [Double] = []
  var last: UUID?
  for number in 0..<edits {
    let entry = Entry(id: UUID(), text: "e\(number)", created: Date())
    let started = Stopwatch.now()
    try sending.record(
      ListChange(origin: .action, edits: [.insert(entry, offset: number, after: last)]), in: id)
    last = entry.id
    guard let arrived = arrivals.wait(for: number + 1) else {
      throw StoreError.database("add \(number + 1) did not reach the other window")
    }
    times.append(Double(arrived > started ? arrived - started : 0))
  }
  return times
}

/// When the following window's list reached each count, under a lock.
private final class Arrivals: @unchecked Sendable {
  private let condition = NSCondition()
  private var reached: [Int: UInt64] = [:]
  private var failed = false

  func note(count: Int) {
    condition.withLock {
      if count < 0 { failed = true } else { reached[count] = reached[count] ?? Stopwatch.now() }
    }
    condition.broadcast()
  }

  /// When the list reached `count`, or `nil` on failure or after 5 s.
  func wait(for count: Int) -> UInt64? {
    let deadline = Date(timeIntervalSinceNow: 5)
    return condition.withLock {
      while reached[count] == nil, !failed, Date() < deadline {
        _ = condition.wait(until: deadline)
      }
      return reached[count]
    }
  }
}
