public import Foundation

/// The class register: one row per entry, one column per session in session order, each cell
/// the entry's status in that session as a short mark (``abbreviations(for:)``), or empty when
/// not marked; under them, how many each session has checked in.
///
/// A pure table over a ledger and the list's entries: `roster attendance --register` prints it
/// as text or CSV, and a printed register can lay it out.
///
/// ```swift
/// let register = AttendanceRegister(ledger: ledger, entries: list.entries.map { ($0.id, $0.text) })
/// register.sessions.map(\.name)   // ["Monday", "Tuesday"]
/// register.rows[0].cells          // ["P", ""]
/// register.checkedIn              // [3, 0]
/// ```
public struct AttendanceRegister: Hashable, Sendable {
  /// One entry's row.
  public struct Row: Hashable, Sendable {
    /// The entry.
    public var entry: UUID
    /// Its text.
    public var text: String
    /// Its mark in each session, in ``AttendanceRegister/sessions``' order: the status's
    /// abbreviation, or empty when not marked.
    public var cells: [String]
  }

  /// The sessions, in the order they were made: the columns.
  public let sessions: [AttendanceSession]
  /// The rows, in the order of the entries given.
  public let rows: [Row]
  /// For each session, how many of the rows are checked in (their status counts as present,
  /// checked out or not).
  public let checkedIn: [Int]
  /// Each status's mark, by status name.
  public let marks: [String: String]

  /// The register of `entries` (the list's live ones, in list order) over `ledger`'s sessions.
  /// - Complexity: O(n × s) for n entries and s sessions.
  public init(ledger: AttendanceLedger, entries: some Sequence<(id: UUID, text: String)>) {
    sessions = ledger.sessions
    marks = Self.abbreviations(for: ledger.statuses)
    var rows: [Row] = []
    var checkedIn = Array(repeating: 0, count: ledger.sessions.count)
    for (id, text) in entries {
      var cells: [String] = []
      cells.reserveCapacity(ledger.sessions.count)
      for (column, session) in ledger.sessions.enumerated() {
        guard let state = ledger.state(of: id, in: session.id) else {
          cells.append("")
          continue
        }
        if state.isCheckedIn { checkedIn[column] += 1 }
        cells.append(marks[state.status] ?? state.status)
      }
      rows.append(Row(entry: id, text: text, cells: cells))
    }
    self.rows = rows
    self.checkedIn = checkedIn
  }

  /// Each status's mark in the register, taken in the list's order: its first letter in upper
  /// case (`present` P, `late` L, `excused` E, `absent` A, `online` O), or, when an earlier
  /// status has that mark already, its first two letters (`early` after `excused`: Ea), then
  /// three, and so on; a status whose every prefix is taken shows its whole name.
  /// - Complexity: O(t × m) in the number of statuses and the length of their names.
  public static func abbreviations(for statuses: [AttendanceStatus]) -> [String: String] {
    var marks: [String: String] = [:]
    var taken: Set<String> = []
    for status in statuses where marks[status.name] == nil {
      let letters = Array(status.name)
      let prefixes = letters.indices.lazy.map { end in
        letters[0].uppercased() + String(letters[1..<(end + 1)])
      }
      let mark = prefixes.first { !taken.contains($0) } ?? status.name
      taken.insert(mark)
      marks[status.name] = mark
    }
    return marks
  }
}
