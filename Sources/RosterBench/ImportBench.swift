import Foundation

/// `roster-bench --only import`: `roster import` of a large CSV file into an empty list, next
/// to the `sqlite3` shell's `.import` of the same file into a plain two-column table, each run
/// on a fresh database with the same journal mode (WAL) and `synchronous = FULL`, both
/// processes timed from spawn to exit.
///
/// `sqlite3` does no validation, makes no ids, keys or timestamps and keeps no index: the
/// ratio is what all of that costs. Needs `roster` built in release next to this executable and
/// `sqlite3` (`bash scripts/install-deps.sh bench`).
/// - Parameters:
///   - size: Rows in the file.
///   - runs: Runs of each; the table shows medians.
/// - Returns: Markdown lines.
/// - Throws: When a binary is missing or a run fails.
func importBenchmark(size: Int = 1_000_000, runs: Int = 5) throws -> [String] {
  let roster = try Spawn.roster()
  let sqlite = try Spawn.sqlite3()
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("roster-import-bench-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let csv = folder.appendingPathComponent("big.csv")
  try NameCSV.write(rows: size, to: csv)
  let database = folder.appendingPathComponent("bench.sqlite3").path
  let environment = [
    "ROSTER_DB": database, "NO_COLOR": "1", "HOME": folder.path,
    "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
  ]
  func fresh() {
    for suffix in ["", "-wal", "-shm"] { unlink(database + suffix) }
  }
  var mine: [Double] = []
  var theirs: [Double] = []
  for _ in 0..<runs {
    fresh()
    _ = try Spawn.seconds(roster, ["lists", "create", "Big"], environment: environment)
    mine.append(
      try Spawn.seconds(roster, ["import", csv.path, "--list", "Big"], environment: environment))
    fresh()
    _ = try Spawn.seconds(
      sqlite,
      ["-batch", database, "PRAGMA journal_mode = WAL; CREATE TABLE names (text, category);"],
      environment: environment)
    theirs.append(
      try Spawn.seconds(
        sqlite,
        [
          "-batch", "-cmd", "PRAGMA synchronous = FULL", "-cmd", ".mode csv", database,
          ".import --skip 1 \(csv.path) names",
        ], environment: environment))
  }
  func median(_ times: [Double]) -> Double { times.sorted()[times.count / 2] }
  let (ours, baseline) = (median(mine), median(theirs))
  return [
    "## roster import of \(size.formatted()) CSV rows into an empty list, next to sqlite3 .import",
    "(median wall time of \(runs) runs, process start to exit, each on a fresh WAL database with"
      + " synchronous = FULL; sqlite3 stores the two columns as they are, roster validates each"
      + " name and stores it with its id, key, times and id index)",
    "",
    "| bulk operation | roster | sqlite3 .import | ratio | aim |",
    "|---|---|---|---|---|",
    "| import \(size.formatted()) CSV rows | " + String(format: "%.2f s", ours) + " | "
      + String(format: "%.2f s", baseline) + " | " + String(format: "%.2f×", ours / baseline)
      + " | ≤ 2 s |",
  ]
}
