import Foundation
import RosterLaunch

// `swift build -c release && swift run -c release roster-bench [--quick]
// [--only list|sort|validation|store|cli|import|sharing|replica|app|door] [--callgrind] [--sizes N,M]`
// prints Markdown tables of medians, each measured against its baseline in the same run.
// The store table runs the release `roster` binary, so build everything in release first.
let arguments = CommandLine.arguments
SharingWorker.runIfAsked(arguments)
if let flag = arguments.firstIndex(of: "--profile-build"), flag + 1 < arguments.count,
  let n = Int(arguments[flag + 1])
{
  profileBuild(n)
  exit(0)
}
if let flag = arguments.firstIndex(of: "--profile-ops"), flag + 1 < arguments.count,
  let n = Int(arguments[flag + 1])
{
  OperationProbe.run(n)
  exit(0)
}
// The app's start-up, so that the tables measure RosterKit on the pages the app runs on
// (``HugePages``; `GLIBC_TUNABLES=glibc.malloc.hugetlb=0` keeps 4 KB pages). After the modes
// above: callgrind runs `--profile-ops`, and an exec would leave it.
HugePages.relaunchIfWanted()
let quick = arguments.contains("--quick")
let only = arguments.firstIndex(of: "--only").flatMap {
  $0 + 1 < arguments.count ? arguments[$0 + 1] : nil
}
func wanted(_ part: String) -> Bool { only == nil || only == part }

// `--only app` (or `--app`): the app in a real window, on $DISPLAY or a private Xvfb; needs
// roster-app built in the same configuration. Not part of the default run.
if only == "app" || arguments.contains("--app") {
  for line in appBenchmark(quick: quick) { print(line) }
  exit(0)
}

// `--only door`: check-in in the app (a door's search on 100,000 entries, another process's
// check-in reaching a window on PostgreSQL, a door on a shared list with the server stopped);
// needs roster-app and roster built in release.
if only == "door" {
  for line in doorBenchmark(quick: quick) { print(line) }
  exit(0)
}

// Each section in order: its name for `--only`, and the lines it prints (a thrown error
// stops the run with exit status 1).
// `--sizes 1000000,10000`: only these list sizes (the list and replica sections).
let sizes = arguments.firstIndex(of: "--sizes").flatMap {
  $0 + 1 < arguments.count
    ? arguments[$0 + 1].split(separator: ",").compactMap { Int($0) } : nil
}
let sections: [(name: String, run: () throws -> [String])] = [
  (
    "list",
    {
      var bench = ListBench(
        sizes: sizes ?? (quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000]))
      // `--callgrind`: instructions and lines per operation, from a run under valgrind per size.
      bench.callgrind = arguments.contains("--callgrind")
      return bench.run()
    }
  ),
  (
    "sort",
    {
      try SortBench(sizes: quick ? [100_000] : [100_000, 1_000_000], runs: quick ? 3 : 5).run()
    }
  ),
  ("validation", { validationBenchmark() }),
  ("store", { try storeBenchmark(size: quick ? 100_000 : 1_000_000, runs: quick ? 5 : 9) }),
  (
    "cli",
    {
      try cliBenchmark(size: quick ? 100_000 : 1_000_000, runs: quick ? 9 : 21)
        + sortCommandBenchmark(size: 100_000, runs: quick ? 3 : 5)
    }
  ),
  ("import", { try importBenchmark(size: quick ? 100_000 : 1_000_000, runs: quick ? 3 : 5) }),
  ("sharing", { try sharingBenchmark(edits: quick ? 200 : 1_000, seconds: quick ? 1 : 3) }),
  (
    "replica",
    {
      try replicaBenchmark(
        sizes: sizes ?? (quick ? [100_000] : [100_000, 1_000_000]), runs: quick ? 3 : 5,
        partitionChanges: 1_000)
    }
  ),
]
for section in sections where wanted(section.name) {
  do {
    for line in try section.run() { print(line) }
    print("")
  } catch {
    print("\(section.name) benchmark failed: \(error)")
    exit(1)
  }
}
