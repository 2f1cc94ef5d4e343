import Foundation
import RosterBackend
import RosterKit
import RosterStore

/// The store and the `roster` command line at 10 and at 1,000,000 entries: the built binary is
/// run as a subprocess, several times per command, and the medians compared.
///
/// Needs `roster` built in the same configuration, next to this executable:
/// `swift build -c release --product roster`.
/// - Parameters:
///   - size: Entries in the big list.
///   - runs: Runs of each command per list.
/// - Returns: Markdown lines: a table of medians, then import and load times.
/// - Throws: When the binary is missing or one of its runs fails.
func storeBenchmark(size: Int = 1_000_000, runs: Int = 9) throws -> [String] {
  let bench = try StoreBench(size: size)
  defer { bench.removeFiles() }
  return try bench.run(runs: runs)
}

/// The state of one store benchmark run: a temporary database and the binary under test.
private final class StoreBench {
  let size: Int
  let binary: URL
  let folder: URL
  let environment: [String: String]

  struct Missing: Error, CustomStringConvertible {
    let path: String
    var description: String {
      "No roster binary at \(path): run `swift build -c release --product roster` first."
    }
  }

  init(size: Int) throws {
    self.size = size
    let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    binary = executable.deletingLastPathComponent().appendingPathComponent("roster")
    guard FileManager.default.isExecutableFile(atPath: binary.path) else {
      throw Missing(path: binary.path)
    }
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("roster-store-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    environment = [
      "ROSTER_DB": folder.appendingPathComponent("bench.sqlite3").path, "NO_COLOR": "1",
      "HOME": folder.path,
    ]
  }

  func removeFiles() {
    try? FileManager.default.removeItem(at: folder)
  }

  func run(runs: Int) throws -> [String] {
    let smallCSV = try writeCSV(rows: 10, name: "small.csv")
    let bigCSV = try writeCSV(rows: size, name: "big.csv")
    try roster(["lists", "create", "Small"])
    try roster(["lists", "create", "Big"])
    try roster(["import", smallCSV, "--list", "Small"])
    let importTime = try Stopwatch.seconds { try roster(["import", bigCSV, "--list", "Big"]) }

    let store = try SQLiteStore(path: environment["ROSTER_DB"]!)
    guard let big = try store.list(titled: "Big"), let small = try store.list(titled: "Small")
    else { throw Missing(path: "the benchmark lists") }
    // Building from storage rows, both ways, median of three: a plain array of the rows, and
    // the editable list (the same read plus the tree and its id index).
    var loadTimes: [Double] = []
    var arrayTimes: [Double] = []
    for _ in 0..<3 {
      var rows: [Entry] = []
      arrayTimes.append(
        try Stopwatch.seconds { try store.forEachEntry(in: big.id) { rows.append($0) } })
      guard rows.count == size else { throw Missing(path: "\(size) rows") }
      rows = []
      var loaded: RosterList?
      loadTimes.append(try Stopwatch.seconds { loaded = try store.loadList(big.id) })
      guard loaded?.count == size else { throw Missing(path: "a loaded list of \(size) entries") }
    }
    let loadTime = loadTimes.sorted()[1]
    let arrayTime = arrayTimes.sorted()[1]

    var lines = [
      "## roster commands on a 10-entry and a \(size.formatted())-entry list",
      "(median wall time of \(runs) runs of the release binary, process start included)",
      "",
      "| command | 10 entries | \(size.formatted()) entries | ratio |",
      "|---|---|---|---|",
    ]
    for command in ["add", "edit", "mv", "rm"] {
      let few = try median(
        command, list: "Small", ids: try middleIDs(store, small.id, runs + 2), runs: runs)
      let many = try median(
        command, list: "Big", ids: try middleIDs(store, big.id, runs + 2), runs: runs)
      lines.append(
        "| roster \(command) | \(Self.ms(few)) | \(Self.ms(many)) | "
          + String(format: "%.2f×", many / few) + " |")
    }
    lines += [
      "",
      "| bulk operation | time | aim |",
      "|---|---|---|",
      "| roster import of \(size.formatted()) CSV rows | \(Self.ms(importTime)) | < 5 s |",
      "| SQLiteStore.loadList of \(size.formatted()) entries | \(Self.ms(loadTime)) | < 2 s |",
      "| the same rows read into a plain [Entry] | \(Self.ms(arrayTime)) | — |",
      "| RosterList from SQLite rows ÷ plain [Entry] from them | "
        + String(format: "%.2f×", loadTime / arrayTime) + " | ≤ 2× |",
    ]
    return lines
  }

  /// The median wall time of `runs` runs of one command on one list.
  private func median(_ command: String, list: String, ids: [String], runs: Int) throws -> Double {
    var times: [Double] = []
    for run in 0..<runs {
      let arguments: [String]
      switch command {
      case "add": arguments = ["add", "Bench Name"]
      case "edit": arguments = ["edit", ids[0], run % 2 == 0 ? "Edited Name" : "Anna Lindqvist"]
      case "mv": arguments = ["mv", ids[1], run % 2 == 0 ? "2" : "5"]
      default: arguments = ["rm", ids[2 + run]]
      }
      times.append(try Stopwatch.seconds { try roster(arguments + ["--list", list]) })
    }
    return times.sorted()[times.count / 2]
  }

  /// Runs `roster` and fails unless it exits with status 0.
  private func roster(_ arguments: [String]) throws {
    let errors = folder.appendingPathComponent("roster-errors-\(UUID().uuidString)").path
    defer { unlink(errors) }
    let child = try Spawn.start(
      binary.path, arguments, environment: environment, output: nil, errors: errors)
    guard Spawn.exitStatus(Spawn.wait(child)) == 0 else {
      let detail = String(
        decoding: FileManager.default.contents(atPath: errors) ?? Data(), as: UTF8.self)
      throw Missing(path: "roster \(arguments.joined(separator: " ")) failed: \(detail)")
    }
  }

  /// Writes `rows` valid personal names as CSV.
  private func writeCSV(rows: Int, name: String) throws -> String {
    let url = folder.appendingPathComponent(name)
    try NameCSV.write(rows: rows, to: url)
    return url.path
  }

  /// Short ids of `count` entries from the middle of the list, read without loading it.
  private func middleIDs(_ store: SQLiteStore, _ list: UUID, _ count: Int) throws -> [String] {
    let total = try store.lists().first { $0.id == list }?.count ?? 0
    let start = max(1, total / 2 - count / 2)
    return try (start..<min(total + 1, start + count)).map {
      String(try store.entry(.position($0), in: list).id.uuidString.lowercased().prefix(12))
    }
  }

  private static func ms(_ seconds: Double) -> String {
    seconds >= 1 ? String(format: "%.2f s", seconds) : String(format: "%.1f ms", seconds * 1e3)
  }
}
