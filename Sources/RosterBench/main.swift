import Foundation

// `swift run -c release roster-bench [--quick]`: prints Markdown tables of medians.
if let flag = CommandLine.arguments.firstIndex(of: "--profile-build"),
  let n = Int(CommandLine.arguments[flag + 1])
{
  profileBuild(n)
  exit(0)
}
let quick = CommandLine.arguments.contains("--quick")
// `--app`: only the app in a real window (needs roster-app built in the same configuration).
if CommandLine.arguments.contains("--app") {
  for line in appBenchmark(quick: quick) { print(line) }
  exit(0)
}
let sizes = quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000]
for line in ListBench(sizes: sizes).run() { print(line) }
print("")
for line in validationBenchmark() { print(line) }
