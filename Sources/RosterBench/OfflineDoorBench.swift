import Foundation
import RosterBackend
import RosterEngines
import RosterKit
import RosterSync

/// A door on a shared list while the server is down (`roster-bench --only door`): the list
/// is synced into the app's replica, the server is stopped, and `roster-app` starts on the
/// replica and checks guests in by search as ``doorBenchmark(quick:)``'s door does
/// (`ROSTER_BENCH=door`). Each check-in waits in the replica's queue, marked as made offline;
/// “waiting” is how many the replica holds once the app quit.
/// - Returns: Markdown lines: one table.
/// - Throws: When the server cannot start, a store call fails, or the window fails.
func offlineDoorRows(
  app: String, display: String, folder: URL, entries: Int, guests: Int
) throws -> [String] {
  let server = try BenchPostgres(folder: folder.appendingPathComponent("pg-offline"))
  defer { server.stop() }
  let environment = benchAppEnvironment(
    display: display, folder: folder.appendingPathComponent("offline-door"),
    ["ROSTER_BENCH": "door", "ROSTER_DOOR_GUESTS": "\(guests)", "ROSTER_DB": server.uri])
  let location = DatabaseLocation(option: server.uri, environment: environment)
  _ = try StorageOpener.initialize(location, environment: environment)
  let store = try StorageOpener.open(location, environment: environment)
  let list = try store.createList(title: "Door", rule: .text).id
  _ = try store.add((0..<entries).map { DoorNames.name($0) }, category: nil, to: list)
  guard let shared = try SharedReplica.open(location, environment: environment) else {
    throw Spawn.Failed(description: "no replica for \(server.uri)")
  }
  try ReplicaSync(replica: shared.replica).sync(with: try shared.connect().server)
  server.stop()
  let output = folder.appendingPathComponent("offline-door-output").path
  _ = try Spawn.status(
    "/usr/bin/dbus-run-session", ["--", app], environment: environment, output: output)
  guard let data = FileManager.default.contents(atPath: output),
    let line = String(decoding: data, as: UTF8.self).split(separator: "\n")
      .first(where: { $0.hasPrefix("{") }),
    let reading = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Int64]
  else { throw Spawn.Failed(description: "the offline door printed no reading") }
  func ms(_ key: String) -> String { String(format: "%.1f", Double(reading[key] ?? -1) / 1e6) }
  let waiting =
    try SharedReplica.open(location, environment: environment)?.replica
    .attendanceQueue.attendanceCount() ?? -1
  return [
    "A door on a shared PostgreSQL list with the server stopped (\(entries) entries synced "
      + "into the app's replica first; the same guests, typing and Enter as above): each "
      + "check-in waits in the replica, made offline.",
    "",
    "| entries | guests | key → frame p50 | p99 | Enter → frame p50 | p99 "
      + "| checked in (window) | waiting in the replica |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|",
    "| \(reading["count"] ?? 0) | \(reading["guests"] ?? 0) | \(ms("key_p50_ns")) "
      + "| \(ms("key_p99_ns")) | \(ms("enter_p50_ns")) | \(ms("enter_p99_ns")) "
      + "| \(reading["checked_in"] ?? -1) | \(waiting) |",
  ]
}
