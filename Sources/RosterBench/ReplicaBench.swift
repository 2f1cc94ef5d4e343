import Foundation
import RosterBackend
import RosterEngines
import RosterKit
import RosterStore
import RosterSync

/// Offline replicas on a throwaway local PostgreSQL server: a replica's first sync of a big
/// list, the app's start on a replica with the server out of reach next to the same list in a
/// SQLite file, and how long a replica takes to be in step again after a partition in which
/// both sides made 1,000 changes.
/// - Parameters:
///   - sizes: The list sizes for the first sync and the start.
///   - runs: Runs of each start, alternating replica and SQLite; medians are reported.
///   - partitionChanges: Changes on each side during the partition.
/// - Returns: Markdown lines: two tables.
/// - Throws: When the server cannot start or a store call fails.
func replicaBenchmark(sizes: [Int], runs: Int, partitionChanges: Int) throws -> [String] {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("roster-bench-replica-\(UUID().uuidString.prefix(8))")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let environment = ProcessInfo.processInfo.environment
  let server = try BenchPostgres(folder: folder.appendingPathComponent("pg"))
  defer { server.stop() }
  let location = DatabaseLocation(option: server.uri, environment: environment)
  _ = try StorageOpener.initialize(location, environment: environment)
  let store = try StorageOpener.open(location, environment: environment)
  var lines = [
    "## Offline replicas (release, server on loopback; medians of \(runs) alternating starts)",
    "",
    "| entries | first sync | fetch | store | start offline + load (replica) |"
      + " start + load (SQLite file) | ratio | target |",
    "|---:|---:|---:|---:|---:|---:|---:|---|",
  ]
  for size in sizes {
    let id = try store.createList(title: "Replica \(size)", rule: .text).id
    let batch = try store.beginImport(into: id)
    for number in 0..<size {
      try batch.add(text: "Guest \(number)", category: nil, id: nil, created: nil, updated: nil)
    }
    try batch.commit()
    let path = folder.appendingPathComponent("replica-\(size).sqlite3").path
    let sync = try Stopwatch.seconds {
      try ReplicaPuller(server: store, replica: try SQLiteReplica(path: path)).pull()
    }
    // Its two halves, on a second replica: the server's snapshot, and storing it.
    var snapshot: (list: RosterList, position: Int64)?
    let fetch = try Stopwatch.seconds { snapshot = try store.snapshot(of: id) }
    let second = try SQLiteReplica(
      path: folder.appendingPathComponent("second-\(size).sqlite3").path)
    let adopt = try Stopwatch.seconds {
      if let snapshot { try second.adopt(snapshot.list, position: snapshot.position) }
    }
    // The replica file is itself a Roster database: the same list, opened as a SQLite file.
    let plain = folder.appendingPathComponent("plain-\(size).sqlite3").path
    try FileManager.default.copyItem(atPath: path, toPath: plain)
    var replicaTimes: [Double] = []
    var sqliteTimes: [Double] = []
    for _ in 0..<runs {
      replicaTimes.append(try Stopwatch.seconds { try startOffline(path, list: id) })
      sqliteTimes.append(
        try Stopwatch.seconds { _ = try SQLiteStore(path: plain).loadList(id).count })
    }
    let replica = median(replicaTimes)
    let sqlite = median(sqliteTimes)
    let target = size >= 1_000_000 ? "≤ 20 s" : "≤ 3 s"
    lines.append(
      "| \(size) | \(String(format: "%.2f s", sync)) (\(target)) | "
        + "\(String(format: "%.2f s", fetch)) | \(String(format: "%.2f s", adopt)) | "
        + "\(String(format: "%.0f ms", replica * 1e3)) | \(String(format: "%.0f ms", sqlite * 1e3)) | "
        + "\(String(format: "%.2f", replica / sqlite)) | ≤ 1.2 |")
  }
  lines += ["", try partitionConvergence(server.uri, changes: partitionChanges, folder: folder)]
  return lines
}

/// The app's start on a replica whose server cannot be reached (a port nothing listens on):
/// the storage, the list, as the window loads it.
private func startOffline(_ path: String, list: UUID) throws {
  let unreachable = "postgresql://nobody@127.0.0.1:9/none?connect_timeout=1"
  let storage = try SharedStorage(
    open: {
      try SharedConnections.open(conninfo: unreachable, writerID: UUID(), environment: [:])
    },
    replica: try SQLiteReplica(path: path), sendingReplica: try SQLiteReplica(path: path))
  defer { storage.close() }
  _ = try storage.loadList(list).count
}

/// One replica partitioned from the server while it and another writer each make `changes`
/// adds; then the partition heals. Returns a Markdown line with the time until the replica has
/// sent all its changes and holds every change of the other writer.
private func partitionConvergence(_ uri: String, changes: Int, folder: URL) throws -> String {
  let environment = ProcessInfo.processInfo.environment
  let direct = try StorageOpener.open(
    DatabaseLocation(option: uri, environment: environment), environment: environment)
  let id = try direct.createList(title: "Partition", rule: .text).id
  let path = folder.appendingPathComponent("partitioned.sqlite3").path
  let gate = Gate()
  let writer = UUID()
  func open() throws -> SharedStorage {
    try SharedStorage(
      open: {
        guard gate.isOpen else { throw StoreError.database("partitioned") }
        return try SharedConnections.open(
          conninfo: uri, writerID: writer, environment: environment)
      },
      replica: try SQLiteReplica(path: path), sendingReplica: try SQLiteReplica(path: path))
  }
  // The replica's first sync, then the partition: the app starts without the server, and both
  // sides go on editing.
  try open().close()
  gate.close()
  let storage = try open()
  defer { storage.close() }
  let list = try storage.loadList(id)
  for number in 0..<changes {
    try list.append("Here \(number)")
    try storage.record(
      ListChange(
        origin: .action,
        edits: [
          .insert(
            list[list.count - 1], offset: list.count - 1,
            after: list.count > 1 ? list[list.count - 2].id : nil)
        ]),
      in: id)
    _ = try direct.add(["There \(number)"], category: nil, to: id)
  }
  let healed = Stopwatch.now()
  gate.open()
  let expected = 2 * changes
  while true {
    _ = try storage.hasExternalChanges()
    if storage.isOnline, storage.waiting == 0,
      (try SQLiteReplica(path: path).store.lists().first { $0.id == id }?.count) == expected
    {
      break
    }
    guard Stopwatch.now() - healed < 120_000_000_000 else {
      throw StoreError.database("the replica did not converge within 120 s")
    }
    Thread.sleep(forTimeInterval: 0.01)
  }
  let seconds = Double(Stopwatch.now() - healed) / 1e9
  return "After a partition with \(changes) changes on each side, the replica was in step "
    + String(format: "%.2f s", seconds) + " after the network came back (target ≤ 10 s)."
}

private func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// Whether the simulated network lets connections through.
private final class Gate: @unchecked Sendable {
  private let lock = NSLock()
  private var openNow = true
  var isOpen: Bool {
    lock.lock()
    defer { lock.unlock() }
    return openNow
  }
  func open() { set(true) }
  func close() { set(false) }
  private func set(_ value: Bool) {
    lock.lock()
    openNow = value
    lock.unlock()
  }
}
