import Foundation

/// The app in a real window: launch → first painted frame, launch → the first frame of the
/// whole list, editable (a long list shows a preview of its first rows first), a delete and an
/// insert → their painted frames, and two search keystrokes → the frames showing their results,
/// with 100 and 1,000,000 entries (`roster-bench --app`).
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
    /// main → the first frame of the whole list, editable (the first frame unless previewed).
    var mainToEditable: Double
    var load: Double
    /// main → the whole list handed to the window.
    var wholeLoad: Double
    var windowToFrame: Double
    var delete: Double
    var insert: Double
    /// Typing "z" into the search field → the frame showing its results, the app's delay
    /// before searching included.
    var keystroke: Double
    /// The search's start → that frame: the search and the repaint, beyond the delay.
    var keystrokeApplied: Double
    /// Then "zo" (the query grows), likewise.
    var refine: Double
    var refineApplied: Double
    /// An add, then at once a keystroke in the search field → the frame that paints both.
    var addKey: Double
  }

  /// What stands between the window and its database in a run.
  enum Obstacle {
    /// Nothing: the disk as it is.
    case none
    /// Another process holds the database's write lock for this long from the app's start.
    case locked(seconds: Double)
    /// Every fsync waits this long first (an `LD_PRELOAD` shim).
    case slowSync(milliseconds: Int)
  }

  func run() -> [String] {
    let screen: Screen
    do { screen = try Screen() } catch { return ["\(error)"] }
    let (app, display) = (screen.app, screen.display)
    defer { withExtendedLifetime(screen) {} }
    var lines = [
      "## roster-app in a real window (cairo, median of \(runs) runs, ms)",
      "",
      "Entries generated in memory (`ROSTER_SAMPLE_COUNT`), then read from a SQLite database "
        + "made with `roster import` (`ROSTER_DB`). The list loads on a thread while GTK "
        + "starts; a list of more than 20,000 entries first shows its first 200 rows (editing "
        + "off) while the rest loads. “first data” is main → what the first frame shows is "
        + "ready; “whole data” is main → the whole list handed over; “main → editable” is the "
        + "first frame showing the whole list, editable. “key → frame” types `z` into the "
        + "search field (then `zo`) and waits for the frame showing the results; “beyond "
        + "delay” is the search's start → that frame (the app searches at once when a search "
        + "costs less than a frame, else after the keystroke's frame and a wait that grows "
        + "with the cost, not GtkSearchEntry's fixed 150 ms). "
        + "“add + key → frame” adds an entry and at once types a key into the search field, "
        + "up to the frame that paints both: it must not wait for the add to be stored. The "
        + "“locked” rows run while another process holds the database's write lock (10 s from "
        + "the app's start); the “slow fsync” rows make every fsync wait 100 ms first (an "
        + "`LD_PRELOAD` shim, `scripts/slow-fsync.c`). “stored” says whether every action was "
        + "in the database once the app had quit.",
      "",
      "| entries | source | spawn → first frame | main → first frame | main → editable "
        + "| first data | whole data | window → frame | add + key → frame | delete → frame "
        + "| insert → frame | key `z` → frame | beyond delay | key `zo` → frame | beyond delay "
        + "| stored |",
      "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    let roster = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("roster").path
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("roster-app-bench-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var sources: [Source] = sizes.map {
      Source(size: $0, name: "memory", environment: ["ROSTER_SAMPLE_COUNT": String($0)])
    }
    if FileManager.default.isExecutableFile(atPath: roster) {
      for size in sizes {
        if let database = Self.makeDatabase(size: size, in: folder, roster: roster) {
          sources.append(Source(size: size, name: "SQLite", environment: ["ROSTER_DB": database]))
        }
      }
      let size = sizes[0]
      let shim = Self.buildSlowSyncShim(in: folder)
      for (name, obstacle) in [
        ("SQLite, locked", Obstacle.locked(seconds: 10)),
        ("SQLite, slow fsync", Obstacle.slowSync(milliseconds: 100)),
      ] {
        if case .slowSync = obstacle, shim == nil { continue }
        sources.append(
          Source(
            size: size, name: name, environment: [:], obstacle: obstacle, shim: shim,
            fresh: { Self.makeDatabase(size: size, in: folder, roster: roster) }))
      }
    }
    for source in sources {
      var stored = true
      let readings = (0..<runs).compactMap { _ -> Reading? in
        guard let prepared = source.prepare() else { return nil }
        defer { prepared.release() }
        let reading = Self.measure(app, environment: prepared.environment, display: display)
        if let database = prepared.database, let reading {
          stored = stored && Self.holdsEveryAction(database, size: source.size, reading: reading)
        }
        return reading
      }
      let (size, name) = (source.size, source.name)
      guard !readings.isEmpty else {
        lines.append("| \(size) | \(name) | failed | | | | | | | | | | | | | |")
        continue
      }
      func median(_ key: KeyPath<Reading, Double>) -> String {
        let sorted = readings.map { $0[keyPath: key] }.sorted()
        return String(format: "%.0f", sorted[sorted.count / 2])
      }
      lines.append(
        "| \(size) | \(name) | \(median(\.spawnToFrame)) | \(median(\.mainToFrame)) "
          + "| \(median(\.mainToEditable)) | \(median(\.load)) | \(median(\.wholeLoad)) "
          + "| \(median(\.windowToFrame)) | \(median(\.addKey)) | \(median(\.delete)) "
          + "| \(median(\.insert)) | \(median(\.keystroke)) | \(median(\.keystrokeApplied)) "
          + "| \(median(\.refine)) | \(median(\.refineApplied)) "
          + "| \(source.checksStorage ? (stored ? "yes" : "NO") : "") |")
    }
    return lines
  }

  static func monotonicNanoseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
  }

  /// A new database of `size` generated names, imported with the `roster` CLI.
  static func makeDatabase(
    size: Int, in folder: URL, roster: String, name: ((Int) -> String)? = nil
  ) -> String? {
    let first = ["Anna", "Łukasz", "Zoë", "Mateo", "Aiko", "Olu", "Priya", "Sven", "Ñandú", "Lía"]
    let last = ["Lindqvist", "Nowak", "Martin", "Okafor", "Tanaka", "Silva", "Novak", "Kim"]
    var csv = "text\n"
    csv.reserveCapacity(size * 16)
    for index in 0..<size {
      csv +=
        (name?(index) ?? first[index % first.count] + " " + last[(index / first.count) % last.count])
        + "\n"
    }
    let file = folder.appendingPathComponent("names-\(size).csv")
    let database = folder.appendingPathComponent("roster-\(size)-\(UUID().uuidString).sqlite3").path
    guard (try? csv.write(to: file, atomically: true, encoding: .utf8)) != nil else { return nil }
    let status = try? Spawn.status(
      roster, ["--db", database, "import", file.path],
      environment: ProcessInfo.processInfo.environment, output: "/dev/null")
    return status == 0 ? database : nil
  }

  static func measure(_ app: String, environment extra: [String: String], display: String)
    -> Reading?
  {
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = display
    environment["GSK_RENDERER"] = "cairo"
    environment["ROSTER_BENCH"] = "1"
    environment["ROSTER_SAMPLE_COUNT"] = nil
    environment["ROSTER_DB"] = nil
    environment.merge(extra) { _, new in new }
    let outputFile = FileManager.default.temporaryDirectory
      .appendingPathComponent("roster-app-bench-\(UUID().uuidString)").path
    defer { unlink(outputFile) }
    let spawned = monotonicNanoseconds()
    guard
      (try? Spawn.status(
        "/usr/bin/dbus-run-session", ["--", app], environment: environment, output: outputFile))
        != nil
    else { return nil }
    let data = FileManager.default.contents(atPath: outputFile) ?? Data()
    guard
      let line = String(decoding: data, as: UTF8.self).split(separator: "\n")
        .first(where: { $0.hasPrefix("{") }),
      let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Int64],
      let started = object["started_ns"], let loaded = object["loaded_ns"],
      let window = object["window_ns"], let frame = object["first_frame_ns"],
      let delete = object["delete_ns"], let insert = object["insert_ns"],
      let wholeFrame = object["whole_frame_ns"], let wholeLoaded = object["whole_loaded_ns"],
      let key = object["key_ns"], let keyApplied = object["key_applied_ns"],
      let refine = object["refine_ns"], let refineApplied = object["refine_applied_ns"]
    else { return nil }
    // An older app has no add + key step.
    let addKey = object["add_key_ns"] ?? 0
    func ms(_ nanoseconds: Int64) -> Double { Double(nanoseconds) / 1e6 }
    return Reading(
      spawnToFrame: ms(frame - spawned), mainToFrame: ms(frame - started),
      mainToEditable: ms(wholeFrame - started), load: ms(loaded - started),
      wholeLoad: ms(wholeLoaded - started), windowToFrame: ms(frame - window), delete: ms(delete),
      insert: ms(insert), keystroke: ms(key), keystrokeApplied: ms(keyApplied),
      refine: ms(refine), refineApplied: ms(refineApplied), addKey: ms(addKey))
  }

  /// The app to measure and a display to run it on: `$DISPLAY`, else a private Xvfb, stopped
  /// when this is released.
  final class Screen {
    let app: String
    let display: String
    private let server: Process?

    /// - Throws: ``Spawn/Failed`` when the app is not built or Xvfb does not start.
    init() throws {
      // `ROSTER_BENCH_APP` measures another build of the app (an older one, for a before/after).
      app =
        ProcessInfo.processInfo.environment["ROSTER_BENCH_APP"]
        ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("roster-app").path
      guard FileManager.default.isExecutableFile(atPath: app) else {
        throw Spawn.Failed(
          description: "roster-app not found next to roster-bench: build it first (-c release).")
      }
      if let display = ProcessInfo.processInfo.environment["DISPLAY"] {
        self.display = display
        server = nil
      } else {
        guard let started = AppBench.startXvfb() else {
          throw Spawn.Failed(description: "Xvfb did not start.")
        }
        server = started.process
        display = started.display
      }
    }

    deinit { server?.terminate() }
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
