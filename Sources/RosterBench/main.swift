import Foundation

// `swift run -c release roster-bench [--quick]`: prints Markdown tables of medians.
let quick = CommandLine.arguments.contains("--quick")
let sizes = quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000]
for line in ListBench(sizes: sizes).run() { print(line) }
print("")
for line in validationBenchmark() { print(line) }
