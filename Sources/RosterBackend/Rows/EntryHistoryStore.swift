package import Foundation
package import RosterKit

/// The transactions, undo-history and change-log primitives of a SQL store (SQLite's
/// `SQLiteStore`, PostgreSQL's `PostgresStore`): but for `write` and `read`, one statement
/// each, inside the caller's transaction.
///
/// What is built from them is engine-neutral and lives once in RosterBackend
/// (`EntryHistoryStore+Recording.swift`, `+ChangeFeed.swift`): recording a front end's change,
/// undo and redo across processes, a user action's undo step and log row, the joining of
/// consecutive typing into one step, and reading the log back for other connections. Each store supplies only its SQL and how it encodes edits, so a fix to
/// undo semantics is made once for both engines. On PostgreSQL the stacks are the current
/// role's; on SQLite, the file's.
package protocol EntryHistoryStore: EntryRowStore {
  /// A step's edits as the `history` table keeps them (bytes, JSON text), decoded only when
  /// the step is used.
  associatedtype EncodedEdits

  /// This connection's identity in the log and the history: only its own steps join typing.
  var writerID: UUID { get }

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
  /// Applies `edits` to the stored list by identity (``EntryRowStore/replay(_:in:)``, or the engine's bulk
  /// path) and returns them as actually applied; edits that no longer apply are skipped.
  func apply(_ edits: [ListEdit], in list: ListRow) throws(StoreError) -> [ListEdit]

  // MARK: The change log

  /// Appends a change-log row of `edits` (`nil`: too many to log, readers must reload), prunes
  /// the log, and returns the list's new change-log position.
  func log(_ edits: [ListEdit]?, in list: ListRow) throws(StoreError) -> Int64
  /// The list's newest change-log position, with nothing written.
  func logPosition(of list: ListRow) throws(StoreError) -> Int64
  /// The list's change-log rows after position `since`, in order: each row's position, the
  /// writer that logged it, and its edits still encoded (`nil` for an action too large to
  /// log). O(log n + k) for k rows.
  /// - Throws: ``StoreError/reloadRequired`` when the log was pruned past `since`.
  func loggedRows(after since: Int64, in list: ListRow) throws(StoreError) -> [(
    position: Int64, writer: String, edits: EncodedEdits?
  )]

  // MARK: The history stacks

  /// The top step of `stack`, or with `writer`, the newest step that writer stored: its row
  /// id, the writer that stored it, and its edits still encoded; `nil` when there is none.
  /// O(log s), plus the steps of other writers above it.
  func topStep(of stack: HistoryStack, in list: ListRow, writtenBy writer: String?)
    throws(StoreError) -> (step: Int64, writer: String, edits: EncodedEdits)?
  /// Decodes a step's edits.
  /// - Throws: ``StoreError/database(_:)`` when they are unreadable.
  func decode(_ edits: EncodedEdits) throws(StoreError) -> [ListEdit]
  /// Pushes a step of `edits` (never empty) on `stack`, written by this connection, and drops
  /// the stack's oldest steps beyond the store's undo limit.
  func appendStep(_ edits: [ListEdit], to stack: HistoryStack, in list: ListRow)
    throws(StoreError)
  /// Replaces the edits of step `step`.
  func replaceStep(_ step: Int64, with edits: [ListEdit]) throws(StoreError)
  /// Deletes step `step`.
  func deleteStep(_ step: Int64) throws(StoreError)
  /// Deletes every step of `stack` in the list.
  func clearStack(_ stack: HistoryStack, in list: ListRow) throws(StoreError)
  /// Deletes this connection's undo and redo steps in the list (after an action too large to
  /// undo).
  func clearHistory(of list: ListRow) throws(StoreError)
}
