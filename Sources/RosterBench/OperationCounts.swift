import Foundation

/// Instructions and cache lines per single-entry operation, from `valgrind --tool=callgrind
/// --cache-sim=yes` over `roster-bench --profile-ops N` (``OperationProbe``): `perf stat` has
/// no hardware counters in a container, callgrind needs none.
///
/// The simulated caches are this machine's per core: 32 KB L1 data, 32 MB last level. A line
/// fetched into L1 is a line the operation touched that was not already in L1; a last-level
/// miss is one that came from memory.
struct OperationCounts {
  struct Counts {
    /// Instructions per call.
    var instructions: Double
    /// L1 data misses (reads and writes) per call: lines touched that were not in L1.
    var lines: Double
    /// Last-level misses (reads and writes) per call: lines that came from memory.
    var memoryLines: Double
  }

  /// Counts by probe name (`update`, `insert`, `remove`, `move`, `undo`, `offsetOf`).
  let byOperation: [String: Counts]

  /// Runs the probe over `n` entries under callgrind; `nil` (with a line on standard error)
  /// when valgrind, callgrind_annotate or strip is missing or the run fails.
  init?(n: Int) {
    guard let valgrind = Spawn.find("valgrind"), let annotate = Spawn.find("callgrind_annotate"),
      let strip = Spawn.find("strip")
    else {
      FileHandle.standardError.write(Data("callgrind counts need valgrind and strip\n".utf8))
      return nil
    }
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("roster-bench-callgrind-\(UUID().uuidString)")
    let binary = directory.appendingPathComponent("roster-bench").path
    let output = directory.appendingPathComponent("callgrind.out").path
    defer { try? FileManager.default.removeItem(at: directory) }
    let environment = ProcessInfo.processInfo.environment
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      // Valgrind 3.19 cannot read Swift's DWARF 5 debug information; the symbols suffice.
      let running = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
      _ = try Spawn.output(strip, ["-g", "-o", binary, running], environment: environment)
      _ = try Spawn.output(
        valgrind,
        [
          "--tool=callgrind", "--cache-sim=yes", "--D1=32768,8,64", "--LL=33554432,16,64",
          "--callgrind-out-file=\(output)", binary, "--profile-ops", String(n),
        ], environment: environment)
      let report = try Spawn.output(
        annotate, ["--inclusive=yes", "--threshold=100", output], environment: environment)
      byOperation = Self.parse(report)
    } catch {
      FileHandle.standardError.write(Data("callgrind counts failed: \(error)\n".utf8))
      return nil
    }
  }

  /// Reads callgrind_annotate's inclusive lines for the `probe_` functions. Its columns are
  /// Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw, then the function.
  static func parse(_ report: String) -> [String: Counts] {
    var counts: [String: Counts] = [:]
    for line in report.split(separator: "\n") {
      guard line.contains("OperationProbeO"), let probe = line.range(of: "probe_") else {
        continue
      }
      // A mangled name gives the identifier's length before it: `O12probe_update`.
      let length = Int(
        String(line[..<probe.lowerBound].reversed().prefix { $0.isNumber }.reversed()))
      guard let length, length > 6 else { continue }
      let name = line[probe.upperBound...].prefix(length - 6)
      // Drop the percentages in parentheses, then the thousands separators.
      var plain = ""
      var depth = 0
      for character in line {
        if character == "(" {
          depth += 1
        } else if character == ")" {
          depth -= 1
        } else if depth == 0 && character != "," {
          plain.append(character)
        }
      }
      // callgrind_annotate writes a count of 0 as ".".
      let numbers = plain.split(separator: " ").prefix(9).compactMap { $0 == "." ? 0 : Double($0) }
      guard numbers.count == 9 else { continue }
      let calls = Double(OperationProbe.calls)
      counts[String(name)] = Counts(
        instructions: numbers[0] / calls, lines: (numbers[4] + numbers[5]) / calls,
        memoryLines: (numbers[7] + numbers[8]) / calls)
    }
    return counts
  }
}
