import Foundation
public import RosterBackend
public import RosterKit

/// The public actions are RosterBackend's shared SQL layer's (``RosterBackend/SQLStorage``);
/// SQLite gives its rows (`SQLiteStore+Entries.swift`, `+History.swift`, `+Lists.swift`), and a
/// SQLite file has no teams.
extension SQLiteStore: SQLStorage {
  /// This store's rows, for RosterBackend's shared implementations.
  public var sqlRows: SQLRows { SQLRows(self) }

  /// Creates a list; SQLite has one user, so `team` must be `nil`.
  /// - Throws: ``StoreError/teamsUnsupported`` for a team.
  public func createList(title: String, rule: Rule, team: String?) throws(StoreError)
    -> ListSummary
  {
    guard team == nil else {
      throw .teamsUnsupported
    }
    return try sqlRows.store.performCreateList(title: title, rule: rule, team: nil)
  }
}

extension ImportBatch: ImportSession {}

/// Attendance is RosterBackend's shared SQL layer's too (``RosterBackend/SQLStorage``), over
/// SQLite's rows (`SQLiteStore+Attendance.swift`).
extension SQLiteStore: AttendanceStorage {}
