import Foundation
public import RosterBackend
public import RosterKit

/// The command line's actions, in `SQLiteStore+Entries.swift`; a SQLite file has no teams.
extension SQLiteStore: CommandStorage {
  /// Creates a list; SQLite has one user, so `team` must be `nil`.
  /// - Throws: ``StoreError/teamsUnsupported`` for a team.
  public func createList(title: String, rule: Rule, team: String?) throws(StoreError)
    -> ListSummary
  {
    guard team == nil else {
      throw .teamsUnsupported
    }
    return try createList(title: title, rule: rule)
  }
}

extension ImportBatch: ImportSession {}
