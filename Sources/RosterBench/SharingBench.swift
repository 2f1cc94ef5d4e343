import Foundation
import RosterBackend
import RosterEngines
import RosterKit

/// Sharing: how fast one connection's commit reaches another connection's open `RosterList`,
/// and how many actions per second several writers get through, on SQLite and on a throwaway
/// local PostgreSQL server (`scripts/pg-cluster.sh`) in the same run.
///
/// Each writer and the follower is a separate process (``SharingWorker``) with its own
/// connection; the follower waits with `waitForExternalChanges(timeout:)` (PostgreSQL: woken by
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
  let sqlitePath = folder.appendingPathComponent("bench.sqlite3").path
  _ = try StorageOpener.open(
    DatabaseLocation(option: sqlitePath, environment: environment), environment: environment)
  let server = try BenchPostgres(folder: folder.appendingPathComponent("pg"))
  defer { server.stop() }
  let postgres = DatabaseLocation(option: server.uri, environment: environment)
  _ = try StorageOpener.initialize(postgres, environment: environment)
  var lines = [
    "| sharing | SQLite | PostgreSQL |", "|---|---:|---:|",
  ]
  var rows: [[String]] = [[], [], [], []]
  for database in [sqlitePath, server.uri] {
    let times = try propagation(database, edits: edits).sorted()
    rows[0].append(Stopwatch.format(ns: times[times.count / 2]))
    rows[1].append(Stopwatch.format(ns: times[min(times.count - 1, times.count * 99 / 100)]))
    rows[2].append(String(format: "%.0f /s", try throughput(database, lists: 1, seconds: seconds)))
    rows[3].append(String(format: "%.0f /s", try throughput(database, lists: 8, seconds: seconds)))
  }
  let names = [
    "propagation p50 (commit → another process's list), \(edits) edits", "propagation p99",
    "8 writer processes, one list (actions)", "8 writer processes, 8 lists (actions)",
  ]
  for (name, row) in zip(names, rows) {
    lines.append("| \(name) | \(row.joined(separator: " | ")) |")
  }
  let app = try appPropagation(conninfo: server.uri, edits: edits / 5).sorted()
  lines.append(
    "| app window → app window p50 (two replicas: outbox, pull, woken at once), \(edits / 5) edits | | "
      + "\(Stopwatch.format(ns: app[app.count / 2])) |")
  lines.append(
    "| app window → app window p99 | | "
      + "\(Stopwatch.format(ns: app[min(app.count - 1, app.count * 99 / 100)])) |")
  return lines
}

/// Nanoseconds from each `add` returning in this process to the entry being in another
/// process's open list (a ``SharingWorker`` follower), one edit at a time.
private func propagation(_ database: String, edits: Int) throws -> [Double] {
  let environment = ProcessInfo.processInfo.environment
  let writer = try StorageOpener.open(
    DatabaseLocation(option: database, environment: environment), environment: environment)
  let id = try writer.createList(title: "Propagation \(UUID().uuidString.prefix(6))", rule: .text)
    .id
  let follower = try WorkerProcess([SharingWorker.follow, database, id.uuidString, "\(edits)"])
  guard follower.nextLine() == "ready" else {
    throw SharingWorker.Failure(description: "the follower did not start: \(follower.finish())")
  }
  var times: [Double] = []
  for number in 0..<edits {
    try writer.add(["e\(number)"], category: nil, to: id)
    let committed = Stopwatch.now()
    var arrived: UInt64?
    while arrived == nil {
      guard let line = follower.nextLine() else {
        throw SharingWorker.Failure(description: "the follower stopped: \(follower.finish())")
      }
      let fields = line.split(separator: " ").compactMap { UInt64($0) }
      if fields.count == 2, fields[0] > number { arrived = fields[1] }
    }
    times.append(Double(arrived.map { $0 > committed ? $0 - committed : 0 } ?? 0))
  }
  _ = follower.finish()
  return times
}

/// Actions per second of 8 writer processes (``SharingWorker``), each with its own connection,
/// adding to `lists` lists for `seconds`.
private func throughput(_ database: String, lists: Int, seconds: Double) throws -> Double {
  let environment = ProcessInfo.processInfo.environment
  let setup = try StorageOpener.open(
    DatabaseLocation(option: database, environment: environment), environment: environment)
  let ids = try (0..<lists).map { number in
    try setup.createList(
      title: "Writers \(lists)-\(number) \(UUID().uuidString.prefix(6))", rule: .text
    ).id
  }
  // Every writer starts at the same moment, once all of them have had time to connect.
  let start = Stopwatch.now() + 2_000_000_000
  let end = start + UInt64(seconds * 1e9)
  let writers = try (0..<8).map { writer in
    try WorkerProcess([
      SharingWorker.write, database, ids[writer % lists].uuidString, "\(start)", "\(end)",
    ])
  }
  var total = 0
  for writer in writers {
    guard let line = writer.nextLine(), let count = Int(line) else {
      throw SharingWorker.Failure(description: "a writer failed: \(writer.finish())")
    }
    total += count
    _ = writer.finish()
  }
  return Double(total) / seconds
}

/// A throwaway PostgreSQL server started by `scripts/pg-cluster.sh` for the benchmark.
struct BenchPostgres {
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
