import Foundation
import RosterBackend
import RosterKit
import RosterStore

/// `roster-bench --only cli`: what one `roster` command costs on a big list, next to the
/// `sqlite3` shell running the same transaction on the same file, each a process timed from
/// spawn to exit.
///
/// Builds the database once with `roster import` of `size` CSV rows (timed: that is the bulk
/// import figure), then runs each command `runs` times, each run followed by its `sqlite3`
/// equivalent so that both see the same machine. The `sqlite3` runs use the journal mode and
/// `synchronous` level that `SQLiteStore` reports for the file, not fixed ones.
///
/// Needs `roster` built in release next to this executable (`swift build -c release`), and
/// `sqlite3` (`bash scripts/install-deps.sh bench`).
/// - Parameters:
///   - size: Entries in the list.
///   - runs: Runs of each command; the table shows medians.
/// - Returns: Markdown lines.
/// - Throws: When a binary is missing or a run fails.
func cliBenchmark(size: Int = 1_000_000, runs: Int = 21) throws -> [String] {
  let bench = try CLIBench(size: size)
  defer { bench.removeFiles() }
  return try bench.run(runs: runs)
}

/// The state of one CLI benchmark: a temporary database, `roster` and `sqlite3`.
private final class CLIBench {
  let size: Int
  let roster: String
  let sqlite: String
  let folder: URL
  let database: String
  let environment: [String: String]
  static let list = "Big"

  init(size: Int) throws {
    self.size = size
    roster = try Spawn.roster()
    sqlite = try Spawn.sqlite3()
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("roster-cli-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    database = folder.appendingPathComponent("bench.sqlite3").path
    environment = [
      "ROSTER_DB": database, "NO_COLOR": "1", "HOME": folder.path,
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
    ]
  }

  func removeFiles() {
    try? FileManager.default.removeItem(at: folder)
  }

  func run(runs: Int) throws -> [String] {
    let csv = try writeCSV(rows: size)
    try roster(["lists", "create", Self.list])
    let importTime = try roster(["import", csv, "--list", Self.list])
    let (ids, settings) = try idsAndSettings(count: 4 * runs + 4)
    // The session the check-ins go to, made before the runs (as at a door, all evening).
    try roster(["checkin", ids[2].prefix, "--session", Self.session, "--list", Self.list])

    var times: [String: [Double]] = [:]
    for run in 0..<runs {
      func time(_ name: String, _ body: () throws -> Double) rethrows {
        times[name, default: []].append(try body())
      }
      let edited = ids[0]
      let moved = ids[1]
      let removed = ids[4 + run]
      let baseline = ids[4 + runs + run]
      try time("version") { try roster(["--version"]) }
      try time("check") { try roster(["check", "Anna Lindqvist"]) }
      try time("add") { try roster(["add", "Bench Name", "--list", Self.list]) }
      try time("sqlite add") { try sqlite(settings, Self.addSQL) }
      let text = run % 2 == 0 ? "Edited Name" : "Anna Lindqvist"
      try time("edit") { try roster(["edit", edited.prefix, text, "--list", Self.list]) }
      try time("sqlite edit") { try sqlite(settings, Self.editSQL(ids[2].hex, text)) }
      try time("rm") { try roster(["rm", removed.prefix, "--list", Self.list]) }
      try time("sqlite rm") { try sqlite(settings, Self.removeSQL(baseline.hex)) }
      let position = run % 2 == 0 ? "2" : "5"
      try time("mv") { try roster(["mv", moved.prefix, position, "--list", Self.list]) }
      try time("sqlite mv") { try sqlite(settings, Self.moveSQL(ids[3].hex, run)) }
      let guest = ids[4 + 2 * runs + run].prefix
      try time("checkin") {
        try roster(["checkin", guest, "--session", Self.session, "--list", Self.list])
      }
      try time("sqlite checkin") {
        try sqlite(settings, Self.checkInSQL(ids[4 + 3 * runs + run].hex))
      }
    }
    let median = times.mapValues { $0.sorted()[$0.count / 2] }

    var lines = [
      "## roster commands on a \(size.formatted())-entry list, next to the sqlite3 shell",
      "(median wall time of \(runs) runs, process start to exit; sqlite3 runs the same"
        + " transaction — the entry, the list's count, an undo step and a change-log row —"
        + " with journal_mode = \(settings.journal), synchronous = \(settings.synchronous), as"
        + " SQLiteStore reports them)",
      "",
      "| command | roster | sqlite3, same transaction | ratio | aim |",
      "|---|---|---|---|---|",
      "| roster --version | \(Self.ms(median["version"]!)) | — | — | — |",
      "| roster check NAME | \(Self.ms(median["check"]!)) | — | "
        + Self.ratio(median["check"]!, median["version"]!) + " of --version | ≤ 2× |",
    ]
    for command in ["add", "edit", "rm", "mv", "checkin"] {
      let mine = median[command]!
      let theirs = median["sqlite " + command]!
      lines.append(
        "| roster \(command) | \(Self.ms(mine)) | \(Self.ms(theirs)) | "
          + Self.ratio(mine, theirs) + (command == "checkin" ? " | ≤ 2.5× |" : " | ≤ 3× |"))
    }
    lines.append(
      "(checkin: sqlite3 writes the event row, the entry's state, the session's and the"
        + " status's counts and an undo step)")
    lines += [
      "",
      "| bulk operation | time | aim |",
      "|---|---|---|",
      "| roster import of \(size.formatted()) CSV rows (one run) | \(Self.ms(importTime)) | ≤ 2 s |",
    ]
    return lines
  }

  // MARK: The equivalent SQL

  /// The list's rowid, as roster finds it: by title.
  private static let listRow = "(SELECT id FROM lists WHERE title = '\(list)')"

  /// An undo step and a change-log row as roster writes them for one edit: the edit in
  /// `EditCoding` (roster reads the top undo step back, so it must be a real one).
  private static let logRows = """
    INSERT INTO history (list, stack, writer, edits) VALUES (\(listRow), 0, 'sqlite3', X'\(edit)');
    INSERT INTO changes (list, writer, edits) VALUES (\(listRow), 'sqlite3', X'\(edit)');
    """

  /// One text edit of one entry, encoded as roster stores edits, in hexadecimal.
  private static let edit: String = {
    let entry = Entry(id: UUID(), text: "Bench Name", created: Date())
    var changed = entry
    changed.text = "Edited Name"
    return EditCoding.encode([ListEdit.update(old: entry, new: changed)])
      .map { String(format: "%02x", $0) }.joined()
  }()

  private static let addSQL = """
    INSERT INTO entries (list, key, id, text, category, created, updated)
      SELECT \(listRow), ifnull(max(key), 0) + 16777216, randomblob(16), 'Bench Name', NULL, 0, 0
      FROM entries WHERE list = \(listRow);
    UPDATE lists SET size = size + 1 WHERE id = \(listRow);
    \(logRows)
    """

  private static func editSQL(_ id: String, _ text: String) -> String {
    """
    UPDATE entries SET text = '\(text)', updated = 1 WHERE list = \(listRow) AND id = X'\(id)';
    \(logRows)
    """
  }

  private static func removeSQL(_ id: String) -> String {
    """
    DELETE FROM entries WHERE list = \(listRow) AND id = X'\(id)';
    UPDATE lists SET size = size - 1 WHERE id = \(listRow);
    \(logRows)
    """
  }

  /// The session the check-ins go to.
  private static let session = "Bench"

  /// A check-in as roster stores it: the list's attendance sequence number, the event row,
  /// the entry's state in the session, the session's counts and its status count, an undo
  /// step.
  private static func checkInSQL(_ entry: String) -> String {
    let session =
      "(SELECT id FROM attendance_sessions WHERE list = \(listRow) AND name = '\(Self.session)')"
    return """
      UPDATE lists SET attendance_seq = attendance_seq + 1 WHERE id = \(listRow);
      INSERT INTO attendance_events (list, seq, id, kind, session, entry, status, at, by, device,
        reverts, received_at) VALUES (\(listRow), (SELECT attendance_seq FROM lists WHERE id =
        \(listRow)), randomblob(16), 'checkin', \(session), X'\(entry)', 'present', 0, 'sqlite3',
        'bench', NULL, 0);
      INSERT OR REPLACE INTO attendance_states (list, session, entry, status, marked, checked_in,
        inside, slot) VALUES (\(listRow), \(session), X'\(entry)', 'present', 1, 1, 1, X'7b7d');
      UPDATE attendance_sessions SET events = events + 1, marked = marked + 1,
        checked_in = checked_in + 1, inside = inside + 1 WHERE list = \(listRow) AND id = \(session);
      INSERT INTO attendance_status_counts (list, session, status, count)
        VALUES (\(listRow), \(session), 'present', 1)
        ON CONFLICT (list, session, status) DO UPDATE SET count = count + excluded.count;
      INSERT INTO attendance_undo (list, by, position, events)
        VALUES (\(listRow), 'sqlite3', 0, X'5b5d');
      """
  }

  /// Gives the entry a key just below the second entry's, a different one each run.
  private static func moveSQL(_ id: String, _ run: Int) -> String {
    """
    UPDATE entries SET key = (SELECT key FROM entries WHERE list = \(listRow) ORDER BY key
      LIMIT 1 OFFSET 1) - \(run + 1) WHERE list = \(listRow) AND id = X'\(id)';
    \(logRows)
    """
  }

  // MARK: Running

  @discardableResult
  private func roster(_ arguments: [String]) throws -> Double {
    try Spawn.seconds(roster, arguments, environment: environment)
  }

  private func sqlite(_ settings: (journal: String, synchronous: Int), _ sql: String) throws
    -> Double
  {
    let script = """
      PRAGMA busy_timeout = 10000; PRAGMA foreign_keys = ON;
      PRAGMA journal_mode = \(settings.journal); PRAGMA synchronous = \(settings.synchronous);
      BEGIN IMMEDIATE;
      \(sql)
      COMMIT;
      """
    return try Spawn.seconds(sqlite, ["-batch", database, script], environment: environment)
  }

  /// Ids from the middle of the list (whole, in hexadecimal, and the 12-character prefix a
  /// person types), and the file's journal mode and `synchronous` level as the store has them.
  private func idsAndSettings(count: Int) throws -> (
    ids: [(hex: String, prefix: String)], settings: (journal: String, synchronous: Int)
  ) {
    let store = try SQLiteStore(path: database)
    guard let list = try store.list(titled: Self.list) else {
      throw Spawn.Failed(description: "The benchmark list is missing.")
    }
    let start = max(0, list.count / 2 - count / 2)
    var offset = 0
    var ids: [UUID] = []
    try store.forEachEntry(in: list.id) { entry in
      if offset >= start, ids.count < count { ids.append(entry.id) }
      offset += 1
    }
    guard ids.count == count else { throw Spawn.Failed(description: "Too few entries.") }
    let settings = (try store.journalMode(), try store.synchronousLevel())
    return (
      ids.map { id in
        let text = UUIDText.string(id)
        return (text.filter { $0 != "-" }, String(text.prefix(12)))
      }, settings
    )
  }

  /// Writes `rows` valid personal names as CSV, a third of them in a category.
  private func writeCSV(rows: Int) throws -> String {
    let url = folder.appendingPathComponent("big.csv")
    try NameCSV.write(rows: rows, to: url)
    return url.path
  }

  private static func ms(_ seconds: Double) -> String {
    seconds >= 1 ? String(format: "%.2f s", seconds) : String(format: "%.1f ms", seconds * 1e3)
  }

  private static func ratio(_ mine: Double, _ theirs: Double) -> String {
    String(format: "%.2f×", mine / theirs)
  }
}
