package import Foundation
package import RosterKit

/// What a SQL store gives beyond its rows and history (``EntryHistoryStore``) for the command
/// line's single-entry actions (``CommandStorage``) and its lists: a new list's row, and a few
/// queries. The actions themselves are written once, in
/// RosterBackend (`EntryCommandStore+Commands.swift`), and ``SQLStorage``'s public methods call
/// them.
package protocol EntryCommandStore: EntryHistoryStore where ListRow: ListRowFacts {
  /// The clock for new and edited entries.
  var now: @Sendable () -> Date { get }
  /// Makes ids for new entries.
  var makeID: @Sendable () -> UUID { get }
  /// Makes the collation of a locale, for placing entries in a list kept sorted
  /// (``RosterKit/RosterList/collationProvider``); Unicode scalar order when `nil`.
  var collationProvider: ((String) -> any Collating)? { get }

  /// Every entry of the list, in order. O(n).
  func allEntries(of list: ListRow) throws(StoreError) -> [Entry]
  /// Inserts an empty list's row, created at `created`, belonging to `team` (a role the user
  /// is a member of) or, when `nil`, to the user alone.
  /// - Throws: ``StoreError/constraint(_:)`` when another list has the title, or the engine's
  ///   refusal of the team.
  func insertList(id: UUID, title: String, rule: Rule, created: Date, team: String?)
    throws(StoreError)
  /// How many entries the list holds.
  func entryCount(of list: ListRow) throws(StoreError) -> Int
  /// Up to `limit` entry ids between `low` and `high` (inclusive), in id order. O(log n + limit).
  func entryIDs(from low: UUID, to high: UUID, limit: Int, in list: ListRow) throws(StoreError)
    -> [UUID]
  /// How many entry ids lie between `low` and `high` (inclusive).
  func entryIDCount(from low: UUID, to high: UUID, in list: ListRow) throws(StoreError) -> Int
  /// The entries whose category is `name`, in list order. O(n).
  func entries(carrying name: String, in list: ListRow) throws(StoreError) -> [Entry]
  /// How many entries carry each category name. O(n).
  func categoryCounts(in list: ListRow) throws(StoreError) -> [String: Int]
}
