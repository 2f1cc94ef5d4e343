import Foundation
import RosterBackend
import RosterEngines
import RosterKit

/// Check-in in the app, in a real window (`roster-bench --only door`): a door checking in
/// guests by search on a SQLite list (``doorRows(app:display:folder:size:guests:)``), and
/// check-ins made by another process reaching a window on PostgreSQL
/// (``checkInPropagationRows(app:display:folder:entries:checkIns:)``).
///
/// Both start `roster-app` (built next to this binary) under `dbus-run-session`, on `$DISPLAY`
/// or a private Xvfb, with GTK's cairo renderer, in a benchmark mode (`ROSTER_BENCH=door`,
/// `follow`).
func doorBenchmark(quick: Bool) -> [String] {
  let screen: AppBench.Screen
  do { screen = try AppBench.Screen() } catch { return ["\(error)"] }
  let (app, display) = (screen.app, screen.display)
  defer { withExtendedLifetime(screen) {} }
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("roster-door-bench-\(getpid())")
  try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  var lines = [
    "## Check-in in roster-app (cairo, ms)", "",
    "A door: guests checked in by search on a SQLite list of 100,000 entries "
      + "(“Anna Bekodu”: a first name and a distinctive word). For each guest the word's 6 "
      + "letters are typed into the search key by key, each once the previous key's results "
      + "show, then Enter. “key → frame” is a keystroke → the painted frame showing its final "
      + "results (the search pacer's wait included); “Enter → frame” is Enter → the next frame "
      + "(the count, the toast); “Enter → cleared” → the frame showing the cleared search. "
      + "“stored” is the session's count in the database once the app quit.",
    "",
  ]
  lines += doorRows(
    app: app, display: display, folder: folder, size: 100_000, guests: quick ? 200 : 1_000)
  // The two tables on a PostgreSQL server of their own; a failure is reported in its place.
  let shared: [(String, () throws -> [String])] = [
    (
      "check-in propagation",
      {
        try checkInPropagationRows(
          app: app, display: display, folder: folder, entries: 10_000,
          checkIns: quick ? 50 : 100)
      }
    ),
    (
      "the offline door",
      {
        try offlineDoorRows(
          app: app, display: display, folder: folder, entries: 10_000, guests: quick ? 100 : 300)
      }
    ),
  ]
  for (name, rows) in shared {
    lines += [""]
    do { lines += try rows() } catch { lines.append("\(name) failed: \(error)") }
  }
  return lines
}

/// The environment of the app in a benchmark mode, its files in `folder`.
func benchAppEnvironment(display: String, folder: URL, _ extra: [String: String])
  -> [String: String]
{
  var environment = ProcessInfo.processInfo.environment
  environment["DISPLAY"] = display
  environment["GSK_RENDERER"] = "cairo"
  environment["ROSTER_SAMPLE_COUNT"] = nil
  for name in ["XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"] {
    environment[name] = folder.appendingPathComponent(name.lowercased()).path
  }
  environment.merge(extra) { _, new in new }
  return environment
}

/// The door's table: one run of `guests` check-ins on a new database of `size` names.
private func doorRows(app: String, display: String, folder: URL, size: Int, guests: Int)
  -> [String]
{
  let header = [
    "| entries | guests | key → frame p50 | p99 | target | first key p50 | p99 "
      + "| beyond delay p50 | p99 | Enter → frame p50 | p99 | Enter → cleared p50 | p99 "
      + "| checked in (window) | stored |",
    "|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ]
  guard let roster = try? Spawn.roster(),
    let database = DoorNames.database(size: size, in: folder, roster: roster)
  else { return header + ["| \(size) | \(guests) | no database | | | | | | | | | | | | |"] }
  let environment = benchAppEnvironment(
    display: display, folder: folder,
    ["ROSTER_BENCH": "door", "ROSTER_DOOR_GUESTS": "\(guests)", "ROSTER_DB": database])
  let output = folder.appendingPathComponent("door-output").path
  guard
    (try? Spawn.status(
      "/usr/bin/dbus-run-session", ["--", app], environment: environment, output: output)) != nil,
    let data = FileManager.default.contents(atPath: output),
    let line = String(decoding: data, as: UTF8.self).split(separator: "\n")
      .first(where: { $0.hasPrefix("{") }),
    let reading = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Int64]
  else { return header + ["| \(size) | \(guests) | failed | | | | | | | | | | | | |"] }
  func ms(_ key: String) -> String { String(format: "%.1f", Double(reading[key] ?? -1) / 1e6) }
  let stored = DoorNames.checkedIn(database).map(String.init) ?? "?"
  return header + [
    "| \(reading["count"] ?? 0) | \(reading["guests"] ?? 0) | \(ms("key_p50_ns")) "
      + "| \(ms("key_p99_ns")) | ≤ 50 / ≤ 100 | \(ms("first_key_p50_ns")) "
      + "| \(ms("first_key_p99_ns")) | \(ms("applied_p50_ns")) | \(ms("applied_p99_ns")) "
      + "| \(ms("enter_p50_ns")) | \(ms("enter_p99_ns")) | \(ms("clear_p50_ns")) "
      + "| \(ms("clear_p99_ns")) | \(reading["checked_in"] ?? -1) | \(stored) |"
  ]
}

/// The door's list: names whose last word is 6 letters no other entry contains.
enum DoorNames {
  private static let first = [
    "Anna", "Łukasz", "Zoë", "Mateo", "Aiko", "Olu", "Priya", "Sven", "Ñandú", "Lía",
  ]
  private static let consonants = Array("bdfgklmnprstvz")
  private static let vowels = Array("aeiou")

  /// The `index`th name: a first name and three syllables, unique up to 343,000 names.
  static func name(_ index: Int) -> String {
    let syllables = consonants.count * vowels.count
    var word = ""
    var rest = index
    for _ in 0..<3 {
      let syllable = rest % syllables
      rest /= syllables
      word.append(consonants[syllable / vowels.count])
      word.append(vowels[syllable % vowels.count])
    }
    return first[index % first.count] + " " + word.capitalized
  }

  /// A new database of `size` such names, imported with the `roster` CLI.
  static func database(size: Int, in folder: URL, roster: String) -> String? {
    AppBench.makeDatabase(size: size, in: folder, roster: roster, name: name)
  }

  /// How many entries the database's sessions count as checked in.
  static func checkedIn(_ database: String) -> Int? {
    let environment = ProcessInfo.processInfo.environment
    guard
      let store = try? StorageOpener.open(
        DatabaseLocation(option: database, environment: environment), environment: environment)
        as? any AttendanceStorage,
      let list = try? store.lists().first,
      let sessions = try? store.attendanceSessions(in: list.id)
    else { return nil }
    return sessions.reduce(0) { $0 + $1.counts.checkedIn }
  }
}
