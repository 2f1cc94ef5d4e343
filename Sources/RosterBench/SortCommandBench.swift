import Foundation
import RosterKit

/// `roster-bench --only cli`, second table: `roster sort` of a shuffled SQLite list and
/// `roster undo` after it, each a process timed from spawn to exit. The sort is one action of
/// about two edits per entry, which the store writes as one undo step; the undo reads it back.
///
/// Needs `roster` built in release next to this executable (`swift build -c release`).
/// - Parameters:
///   - size: Entries in the list, in random order (``SortBench/entries(_:)``).
///   - runs: Sort-then-undo runs; the table shows medians.
/// - Returns: Markdown lines.
/// - Throws: When the binary is missing or a run fails.
func sortCommandBenchmark(size: Int = 100_000, runs: Int = 5) throws -> [String] {
  let roster = try Spawn.roster()
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("roster-sort-bench-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let environment = [
    "ROSTER_DB": folder.appendingPathComponent("bench.sqlite3").path, "NO_COLOR": "1",
    "HOME": folder.path,
  ]
  let csv = folder.appendingPathComponent("shuffled.csv")
  var text = "text\n"
  for entry in SortBench.entries(size) { text += entry.text + "\n" }
  try Data(text.utf8).write(to: csv)
  let list = ["--list", "Shuffled"]
  _ = try Spawn.seconds(
    roster, ["lists", "create", "Shuffled", "--rule", "text"], environment: environment)
  _ = try Spawn.seconds(roster, ["import", csv.path] + list, environment: environment)
  var sortTimes: [Double] = []
  var undoTimes: [Double] = []
  for _ in 0..<runs {
    sortTimes.append(
      try Spawn.seconds(roster, ["sort", "--locale", "de_DE"] + list, environment: environment))
    undoTimes.append(try Spawn.seconds(roster, ["undo"] + list, environment: environment))
  }
  return [
    "",
    "## roster sort of a shuffled \(size.formatted())-entry SQLite list, and its undo",
    "(median wall time of \(runs) runs, process start to exit; German collation)",
    "",
    "| command | time |",
    "|---|---|",
    "| roster sort --locale de_DE | \(SortBench.format(SortBench.median(sortTimes))) |",
    "| roster undo (of the sort) | \(SortBench.format(SortBench.median(undoTimes))) |",
  ]
}
