public import Foundation
public import RosterBackend
public import RosterKit

/// The command line's actions, in `SQLiteStore+Entries.swift`; a SQLite file has no teams.
extension SQLiteStore: CommandStorage {
  /// Creates a list; SQLite has one user, so `team` must be `nil`.
  /// - Throws: ``StoreError/database(_:)`` for a team.
  public func createList(title: String, rule: Rule, team: String?) throws(StoreError)
    -> ListSummary
  {
    guard team == nil else {
      throw .database("Teams need a shared PostgreSQL database; a SQLite file has one user.")
    }
    return try createList(title: title, rule: rule)
  }
}

extension ImportBatch: ImportSession {}
