import Foundation
import RosterBackend
import RosterEngines
import RosterKit

/// A check-in made by one process reaching another process's window on a throwaway PostgreSQL
/// server: `roster-app` follows a list of `entries` entries (`ROSTER_BENCH=follow`, through
/// its own `SharedStorage` and 50 ms poll), while this process checks entries in one at a
/// time through its own connection, at a varying moment of the window's poll. Each check-in
/// is timed from the call (and from its commit) to the painted frame of the window that shows
/// it, as the app reports it.
/// - Returns: Markdown lines: one table.
/// - Throws: When the server cannot start, a store call fails, or the window stops.
func checkInPropagationRows(
  app: String, display: String, folder: URL, entries: Int, checkIns: Int
) throws -> [String] {
  let server = try BenchPostgres(folder: folder.appendingPathComponent("pg"))
  defer { server.stop() }
  let location = DatabaseLocation(
    option: server.uri, environment: ProcessInfo.processInfo.environment)
  let environment = ProcessInfo.processInfo.environment
  _ = try StorageOpener.initialize(location, environment: environment)
  guard
    let store = try StorageOpener.open(location, environment: environment)
      as? any AttendanceStorage & CommandStorage
  else { throw Spawn.Failed(description: "PostgreSQL keeps no attendance") }
  let list = try store.createList(title: "Door", rule: .text).id
  _ = try store.add((0..<entries).map { DoorNames.name($0) }, category: nil, to: list)
  let session = try store.session(named: nil, in: list, creating: true)
  let guests = try store.firstEntries(in: list, limit: checkIns).map(\.id)
  let window = try WorkerProcess(
    "/usr/bin/dbus-run-session", ["--", app],
    environment: benchAppEnvironment(
      display: display, folder: folder,
      ["ROSTER_BENCH": "follow", "ROSTER_FOLLOW_COUNT": "\(checkIns)", "ROSTER_DB": server.uri]))
  guard let ready = window.nextLine(), ready.hasPrefix("ready") else {
    throw Spawn.Failed(description: "the window did not start: \(window.finish())")
  }
  var fromCall: [Double] = []
  var fromCommit: [Double] = []
  for (number, guest) in guests.enumerated() {
    // A moment that moves over the window's 50 ms poll.
    usleep(UInt32(20_000 + number * 37 % 50 * 1_000))
    let called = AppBench.monotonicNanoseconds()
    _ = try store.checkIn([guest], session: session.id, in: list)
    let committed = AppBench.monotonicNanoseconds()
    var shown: Int64?
    while shown == nil {
      guard let line = window.nextLine() else {
        throw Spawn.Failed(description: "the window stopped: \(window.finish())")
      }
      let fields = line.split(separator: " ").compactMap { Int64($0) }
      if fields.count == 2, fields[0] > number { shown = fields[1] }
    }
    fromCall.append(Double(shown! - called))
    fromCommit.append(Double(shown! - committed))
  }
  _ = window.finish()
  fromCall.sort()
  fromCommit.sort()
  func ms(_ sorted: [Double], _ percent: Int) -> String {
    String(format: "%.1f", sorted[min(sorted.count - 1, sorted.count * percent / 100)] / 1e6)
  }
  return [
    "Another process's check-in reaching a window on PostgreSQL (\(checkIns) check-ins, one "
      + "at a time, on a list of \(entries) entries): from the check-in call (and from its "
      + "commit) to the window's painted frame that shows it.",
    "",
    "| check-in → window | p50 | p99 | target |", "|---|---:|---:|---|",
    "| from the call | \(ms(fromCall, 50)) | \(ms(fromCall, 99)) | ≤ 50 / ≤ 150 |",
    "| from the commit | \(ms(fromCommit, 50)) | \(ms(fromCommit, 99)) | |",
  ]
}
