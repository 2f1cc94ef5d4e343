import Foundation
import RosterBackend
import RosterEngines
import RosterKit

/// Sharing: how fast one connection's commit reaches another connection's open `RosterList`,
/// and how many actions per second several writers get through, on SQLite and on a throwaway
/// local PostgreSQL server (`scripts/pg-cluster.sh`) in the same run.
///
/// Each writer and the follower have their own connection (and thread), as separate processes
/// would; the follower waits with `waitForExternalChanges(timeout:)` (PostgreSQL: woken by
/// `NOTIFY`) and applies `changes(in:since:)` to its list.
/// - Parameters:
///   - edits: Edits timed for propagation.
///   - seconds: Length of each throughput run.
/// - Returns: Markdown lines: one table.
/// - Throws: When the server cannot start or a store call fails.
func sharingBenchmark(edits: Int = 1_000, seconds: Double = 3) throws -> [String] {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("roster-bench-sharing-\(UUID().uuidString.prefix(8))")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let environment = ProcessInfo.processInfo.environment
  let sqlite = DatabaseLocation(
    option: folder.appendingPathComponent("bench.sqlite3").path, environment: environment)
  let server = try BenchPostgres(folder: folder.appendingPathComponent("pg"))
  defer { server.stop() }
  let postgres = DatabaseLocation(option: server.uri, environment: environment)
  _ = try StorageOpener.initialize(postgres, environment: environment)
  var lines = [
    "| sharing | SQLite | PostgreSQL |", "|---|---:|---:|",
  ]
  var rows: [[String]] = [[], [], [], []]
  for location in [sqlite, postgres] {
    let times = try propagation(location, edits: edits).sorted()
    rows[0].append(Stopwatch.format(ns: times[times.count / 2]))
    rows[1].append(Stopwatch.format(ns: times[min(times.count - 1, times.count * 99 / 100)]))
    rows[2].append(String(format: "%.0f /s", try throughput(location, lists: 1, seconds: seconds)))
    rows[3].append(String(format: "%.0f /s", try throughput(location, lists: 8, seconds: seconds)))
  }
  let names = [
    "propagation p50 (commit → other connection's list), \(edits) edits", "propagation p99",
    "8 writers, one list (actions)", "8 writers, 8 lists (actions)",
  ]
  for (name, row) in zip(names, rows) {
    lines.append("| \(name) | \(row.joined(separator: " | ")) |")
  }
  let app = try appPropagation(conninfo: server.uri, edits: edits / 5).sorted()
  lines.append(
    "| app window → app window p50 (outbox, 50 ms poll), \(edits / 5) edits | | "
      + "\(Stopwatch.format(ns: app[app.count / 2])) |")
  lines.append(
    "| app window → app window p99 | | "
      + "\(Stopwatch.format(ns: app[min(app.count - 1, app.count * 99 / 100)])) |")
  return lines
}

/// Nanoseconds from each `add` returning on one connection to the entry being in another
/// connection's list, one edit at a time.
private func propagation(_ location: DatabaseLocation, edits: Int) throws -> [Double] {
  let environment = ProcessInfo.processInfo.environment
  let writer = try StorageOpener.open(location, environment: environment)
  let id = try writer.createList(title: "Propagation \(UUID().uuidString.prefix(6))", rule: .text)
    .id
  let seen = SeenTimes()
  let follower = Thread {
    do {
      let reader = try StorageOpener.open(location, environment: environment)
      let (list, start) = try reader.snapshot(of: id)
      var position = start
      seen.ready()
      while list.count < edits {
        guard try reader.waitForExternalChanges(timeout: .seconds(5)) else { continue }
        let (changes, next) = try reader.changes(in: id, since: position)
        position = next
        list.apply(changes)
        seen.saw(list.count, at: Stopwatch.now())
      }
    } catch {
      seen.fail("\(error)")
    }
  }
  follower.start()
  seen.waitReady()
  var times: [Double] = []
  for number in 0..<edits {
    try writer.add(["e\(number)"], category: nil, to: id)
    let committed = Stopwatch.now()
    guard let arrived = seen.wait(for: number + 1) else {
      throw BenchPostgres.Failure(description: "the follower stopped: \(seen.failure ?? "")")
    }
    times.append(Double(arrived > committed ? arrived - committed : 0))
  }
  return times
}

/// Actions per second of 8 writers, each on its own connection, adding to `lists` lists.
private func throughput(_ location: DatabaseLocation, lists: Int, seconds: Double) throws
  -> Double
{
  let environment = ProcessInfo.processInfo.environment
  let setup = try StorageOpener.open(location, environment: environment)
  let ids = try (0..<lists).map { number in
    try setup.createList(
      title: "Writers \(lists)-\(number) \(UUID().uuidString.prefix(6))", rule: .text
    ).id
  }
  let counter = SeenTimes()
  let deadline = Stopwatch.now() + UInt64(seconds * 1e9)
  let group = DispatchGroup()
  for writer in 0..<8 {
    group.enter()
    Thread {
      defer { group.leave() }
      do {
        let store = try StorageOpener.open(location, environment: environment)
        var done = 0
        while Stopwatch.now() < deadline {
          try store.add(["w\(writer) \(done)"], category: nil, to: ids[writer % lists])
          done += 1
        }
        counter.add(done)
      } catch {
        counter.fail("\(error)")
      }
    }.start()
  }
  group.wait()
  if let failure = counter.failure { throw BenchPostgres.Failure(description: failure) }
  return Double(counter.total) / seconds
}

/// What the follower thread saw, shared with the writer under a lock.
private final class SeenTimes: @unchecked Sendable {
  private let condition = NSCondition()
  private var arrivals: [Int: UInt64] = [:]
  private var isReady = false
  private(set) var failure: String?
  private(set) var total = 0

  func ready() {
    condition.withLock { isReady = true }
    condition.broadcast()
  }

  func waitReady() {
    condition.withLock { while !isReady && failure == nil { condition.wait() } }
  }

  func saw(_ count: Int, at time: UInt64) {
    condition.withLock { arrivals[count] = arrivals[count] ?? time }
    condition.broadcast()
  }

  func add(_ count: Int) { condition.withLock { total += count } }

  func fail(_ message: String) {
    condition.withLock { failure = message }
    condition.broadcast()
  }

  /// When the list first reached `count` entries, waiting up to 10 s.
  func wait(for count: Int) -> UInt64? {
    let deadline = Date().addingTimeInterval(10)
    return condition.withLock {
      while arrivals[count] == nil, failure == nil, condition.wait(until: deadline) {}
      return arrivals[count]
    }
  }
}

/// A throwaway PostgreSQL server started by `scripts/pg-cluster.sh` for the benchmark.
private struct BenchPostgres {
  struct Failure: Error, CustomStringConvertible { let description: String }

  let folder: URL
  let uri: String
  private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("scripts/pg-cluster.sh").path

  init(folder: URL) throws {
    self.folder = folder
    let output = try Self.bash([Self.script, "start", folder.path])
    guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix("uri=") }) else {
      throw Failure(description: "pg-cluster.sh did not start a server: \(output)")
    }
    uri = String(line.dropFirst(4))
  }

  func stop() { _ = try? Self.bash([Self.script, "stop", folder.path]) }

  private static func bash(_ arguments: [String]) throws -> String {
    try Spawn.output("/bin/bash", arguments, environment: ProcessInfo.processInfo.environment)
  }
}
