package import Foundation
package import RosterKit

/// The row primitives of a SQL store (SQLite's `SQLiteStore`, PostgreSQL's `PostgresStore`):
/// the statements that read and write one list's entries by id and by order key.
///
/// Everything built from them is engine-neutral and lives here once: replaying ``RosterKit/ListEdit``s
/// by identity (``replay(_:in:)``), placing an entry between its neighbours and respreading
/// keys when a gap is used up (``place(after:offset:moving:in:)``), and bringing an open window
/// back in step with the store (``converging(_:in:)``). Each store supplies only its SQL, so a
/// fix to the semantics is made once for both engines.
///
/// Every requirement runs inside the caller's transaction. "O(log n)" below assumes the stores'
/// `(list, id)` and `(list, key)` indexes.
package protocol EntryRowStore {
  /// The store's handle for one list: its row id and what the transaction read of it.
  associatedtype ListRow

  // MARK: Reading rows

  /// The entry with this id and its order key, or `nil`. O(log n).
  func located(_ id: UUID, in list: ListRow) throws(StoreError) -> (key: Int64, entry: Entry)?
  /// The entry just before `key`, or `nil` at the start. O(log n).
  func neighbour(before key: Int64, in list: ListRow) throws(StoreError) -> (key: Int64, id: UUID)?
  /// The last entry, or `nil` when the list is empty. O(log n).
  func lastEntry(in list: ListRow) throws(StoreError) -> (key: Int64, id: UUID)?
  /// The entry at 0-based `offset` counting every entry but `skipping`. O(offset).
  func entry(atOffset offset: Int, skipping: UUID?, in list: ListRow) throws(StoreError) -> (
    key: Int64, id: UUID
  )?
  /// The first key after `key` (from the start when `nil`) held by an entry other than
  /// `skipping`. O(log n).
  func key(after key: Int64?, skipping: UUID, in list: ListRow) throws(StoreError) -> Int64?
  /// Up to `limit` keys at or below `pivot`, nearest first (`below`), or above it, nearest
  /// first. O(log n + limit).
  func keys(near pivot: Int64, below: Bool, limit: Int, in list: ListRow) throws(StoreError)
    -> [Int64]
  /// The list's categories, in order.
  func categories(of list: ListRow) throws(StoreError) -> [EntryCategory]
  /// The list's title as the database has it now.
  func currentTitle(of list: ListRow) throws(StoreError) -> String
  /// The order the list keeps itself in now, as the database has it.
  func currentKeepSorted(of list: ListRow) throws(StoreError) -> EntryOrder?

  // MARK: Writing rows

  /// Inserts `entry` with order key `key`. O(log n).
  func insert(_ entry: Entry, key: Int64, in list: ListRow) throws(StoreError)
  /// Gives the entry `id` the order key `key`: a move. O(log n).
  func setKey(_ key: Int64, of id: UUID, in list: ListRow) throws(StoreError)
  /// Moves the entry at key `old` to key `new`, which is free. O(log n).
  func changeKey(from old: Int64, to new: Int64, in list: ListRow) throws(StoreError)
  /// Deletes the entry at `key`. O(log n).
  func deleteEntry(atKey key: Int64, in list: ListRow) throws(StoreError)
  /// Replaces the text, category and update time of the entry at `key` with `entry`'s.
  /// O(log n).
  func updateEntry(atKey key: Int64, to entry: Entry, in list: ListRow) throws(StoreError)
  /// Adds `change` to the list's stored entry count.
  func adjustCount(of list: ListRow, by change: Int) throws(StoreError)
  /// Replaces the list's categories with `categories`, in order.
  func replaceCategories(with categories: [EntryCategory], in list: ListRow) throws(StoreError)
  /// Renames the list.
  /// - Throws: ``StoreError/constraint(_:)`` when another list has the title.
  func setTitle(_ title: String, of list: ListRow) throws(StoreError)
  /// Makes the list keep itself in `order`, or stop (`nil`).
  func setKeepSorted(_ order: EntryOrder?, of list: ListRow) throws(StoreError)
}
