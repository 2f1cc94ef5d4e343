import Foundation

/// The app in a real window: launch → first painted frame, and a delete and an insert → their
/// painted frames, with 100 and 1,000,000 entries (`roster-bench --app`).
///
/// It starts `roster-app` (built next to this binary) with `ROSTER_BENCH=1` and
/// `ROSTER_SAMPLE_COUNT=n` under `dbus-run-session`, on `$DISPLAY` or a private Xvfb, with
/// GTK's cairo renderer; the app prints CLOCK_MONOTONIC timestamps as one JSON line and quits.
struct AppBench {
  let sizes: [Int]
  var runs = 3

  /// One run's readings, in milliseconds.
  struct Reading {
    var spawnToFrame: Double
    var mainToFrame: Double
    var load: Double
    var windowToFrame: Double
    var delete: Double
    var insert: Double
  }

  func run() -> [String] {
    let app = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("roster-app").path
    guard FileManager.default.isExecutableFile(atPath: app) else {
      return ["roster-app not found next to roster-bench: build it first (-c release)."]
    }
    var display = ProcessInfo.processInfo.environment["DISPLAY"]
    var server: Process?
    if display == nil {
      guard let started = Self.startXvfb() else { return ["Xvfb did not start."] }
      server = started.process
      display = started.display
    }
    defer { server?.terminate() }
    var lines = [
      "## roster-app in a real window (cairo, median of \(runs) runs, ms)",
      "",
      "| entries | spawn → first frame | main → first frame | of which data | window → frame "
        + "| delete → frame | insert → frame |",
      "|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for size in sizes {
      let readings = (0..<runs).compactMap { _ in Self.measure(app, size: size, display: display!) }
      guard !readings.isEmpty else {
        lines.append("| \(size) | failed | | | | | |")
        continue
      }
      func median(_ key: KeyPath<Reading, Double>) -> String {
        let sorted = readings.map { $0[keyPath: key] }.sorted()
        return String(format: "%.0f", sorted[sorted.count / 2])
      }
      lines.append(
        "| \(size) | \(median(\.spawnToFrame)) | \(median(\.mainToFrame)) | \(median(\.load)) "
          + "| \(median(\.windowToFrame)) | \(median(\.delete)) | \(median(\.insert)) |")
    }
    return lines
  }

  static func monotonicNanoseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
  }

  static func measure(_ app: String, size: Int, display: String) -> Reading? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-run-session")
    process.arguments = ["--", app]
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = display
    environment["GSK_RENDERER"] = "cairo"
    environment["ROSTER_BENCH"] = "1"
    environment["ROSTER_SAMPLE_COUNT"] = String(size)
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    let spawned = monotonicNanoseconds()
    guard (try? process.run()) != nil else { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard
      let line = String(decoding: data, as: UTF8.self).split(separator: "\n")
        .first(where: { $0.hasPrefix("{") }),
      let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Int64],
      let started = object["started_ns"], let loaded = object["loaded_ns"],
      let window = object["window_ns"], let frame = object["first_frame_ns"],
      let delete = object["delete_ns"], let insert = object["insert_ns"]
    else { return nil }
    func ms(_ nanoseconds: Int64) -> Double { Double(nanoseconds) / 1e6 }
    return Reading(
      spawnToFrame: ms(frame - spawned), mainToFrame: ms(frame - started),
      load: ms(loaded - started), windowToFrame: ms(frame - window), delete: ms(delete),
      insert: ms(insert))
  }

  static func startXvfb() -> (process: Process, display: String)? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
    let pipe = Pipe()
    process.arguments = [
      "-displayfd", "1", "-screen", "0", "1280x800x24", "-nolisten", "tcp", "-noreset",
    ]
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    var number = ""
    while !number.hasSuffix("\n") {
      let byte = pipe.fileHandleForReading.readData(ofLength: 1)
      if byte.isEmpty { return nil }
      number += String(decoding: byte, as: UTF8.self)
    }
    return (process, ":" + number.trimmingCharacters(in: .whitespacesAndNewlines))
  }
}

/// The app benchmark's table, for `roster-bench --app`.
func appBenchmark(quick: Bool) -> [String] {
  AppBench(sizes: quick ? [100, 100_000] : [100, 1_000_000]).run()
}
