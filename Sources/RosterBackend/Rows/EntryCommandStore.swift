package import Foundation
package import RosterKit

/// What a SQL store gives beyond its rows (``EntryRowStore``) for the command line's
/// single-entry actions (``CommandStorage``): transactions, the list handle a write locks, the
/// recording of an action, and a few queries. The actions themselves are written once, in
/// RosterBackend (`EntryCommandStore+Commands.swift`), and each store's public `CommandStorage`
/// methods call them.
package protocol EntryCommandStore: EntryRowStore where ListRow: ListRowFacts {
  /// The clock for new and edited entries.
  var now: @Sendable () -> Date { get }
  /// Makes ids for new entries.
  var makeID: @Sendable () -> UUID { get }

  /// Runs `body` in one write transaction (retried as the engine retries).
  func write<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T
  /// Runs `body` in one read transaction.
  func read<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T
  /// The list with this id, read for a write: on a server, its row is locked until the
  /// transaction ends, so that writers to one list queue.
  /// - Throws: ``StoreError/listNotFound(_:)``.
  func listForWriting(_ id: UUID) throws(StoreError) -> ListRow
  /// The list with this id, read without a lock.
  /// - Throws: ``StoreError/listNotFound(_:)``.
  func listForReading(_ id: UUID) throws(StoreError) -> ListRow
  /// Applies a user action's edits and records them: an undo step and a change-log row.
  /// - Returns: The edits as applied.
  func act(_ edits: [ListEdit], in list: ListRow) throws(StoreError) -> [ListEdit]
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
