public import Foundation
public import RosterKit

/// Where lists live, whatever the engine: SQLite (`SQLiteStore`, in RosterStore) is the embedded
/// default, PostgreSQL (`PostgresStore`, in RosterPostgres) the shared server with live updates,
/// and ``MemoryStorage`` the reference. A backend declares what it can do beyond keeping lists
/// in ``capabilities``; `Tests/StorageContractTests` holds every backend to the same behaviour.
///
/// Front ends mutate a loaded ``RosterKit/RosterList`` and hand each ``RosterKit/ListChange``
/// to ``record(_:in:)``, which stores it in one transaction; they learn of other processes'
/// changes from ``changes(in:since:)`` and replay them with ``RosterKit/RosterList/apply(_:)``.
public protocol RosterStorage: AnyObject {
  /// What this backend can do beyond keeping lists: shared access, shared history, a change log.
  var capabilities: StorageCapabilities { get }
  /// Every list with its entry count, in creation order.
  func lists() throws(StoreError) -> [ListSummary]
  /// Creates a list.
  /// - Throws: ``StoreError/roster(_:)`` with ``RosterKit/RosterError/invalidTitle(_:)`` for a
  ///   blank or invalid title (see ``RosterKit/RosterList/normalizedTitle(_:)``), or
  ///   ``StoreError/listExists(_:)`` when another list has the title.
  func createList(title: String, rule: Rule) throws(StoreError) -> ListSummary
  /// Deletes a list and its entries, categories and history.
  /// - Throws: ``StoreError/listNotFound(_:)``.
  func deleteList(_ id: UUID) throws(StoreError)
  /// Renames a list, as one undoable action.
  /// - Throws: ``StoreError/listNotFound(_:)``, ``StoreError/listExists(_:)``, or
  ///   ``StoreError/roster(_:)`` with ``RosterKit/RosterError/invalidTitle(_:)``.
  func renameList(_ id: UUID, to title: String) throws(StoreError)
  /// Loads a list with all its entries, ready to edit. O(n).
  func loadList(_ id: UUID) throws(StoreError) -> RosterList
  /// Loads a list and the change-log position it reflects, read as one snapshot: the position
  /// to pass to ``changes(in:since:)`` first. O(n).
  func snapshot(of id: UUID) throws(StoreError) -> (list: RosterList, position: Int64)
  /// The first `limit` entries of a list, in order, without loading the list: enough to show
  /// its first rows while ``snapshot(of:)`` reads the rest.
  func firstEntries(in list: UUID, limit: Int) throws(StoreError) -> [Entry]
  /// The list's categories, in order, without loading its entries.
  func categories(in list: UUID) throws(StoreError) -> [EntryCategory]
  /// Stores one action's edits in one transaction, and remembers them for undo (in the store,
  /// when ``StorageCapabilities/sharedHistory``).
  /// - Returns: The change-log position after this change.
  @discardableResult
  func record(_ change: ListChange, in list: UUID) throws(StoreError) -> Int64
  /// Stores one action under a client-made operation id, exactly once: when the store has
  /// already recorded `operation` (an outbox sent it before, and the reply was lost), nothing
  /// is done again. Otherwise as ``record(_:in:)``.
  /// - Returns: The edits that no longer applied (their entry is gone) and were skipped;
  ///   empty when all applied or the operation was recorded before.
  /// - Throws: As ``record(_:in:)``; ``StoreError/listNotFound(_:)`` when the list is gone.
  @discardableResult
  func record(_ change: ListChange, in list: UUID, operation: UUID) throws(StoreError)
    -> [ListEdit]
  /// Edits other writers made to a list after change-log position `since`, and the position
  /// to ask from next time.
  ///
  /// Applied with ``RosterKit/RosterList/apply(_:)`` to a list that was in step at `since`,
  /// they leave it equal to the stored list even when it was edited meanwhile: entries anyone
  /// inserted, moved or removed since then are taken out and put back where the store has them.
  ///
  /// Throws ``StoreError/reloadRequired`` when the log no longer reaches back to `since` (it
  /// keeps the last ``StorageCapabilities/changeLogLimit`` changes per list, and a backend may
  /// log a bulk import as one reload): load the list again with ``snapshot(of:)``. Without
  /// ``StorageCapabilities/sharedAccess`` there are no other writers: no edits, and `since`.
  /// - Throws: ``StoreError/reloadRequired`` or ``StoreError/listNotFound(_:)``.
  func changes(in list: UUID, since: Int64) throws(StoreError) -> (
    edits: [ListEdit], position: Int64
  )
  /// The change log itself, one action at a time: every action on the list after change-log
  /// position `since`, whoever made it, in position order. O(k) for k actions.
  ///
  /// Unlike ``changes(in:since:)``, which merges everything into edits that converge on the
  /// stored list, this keeps each action whole, so that a follower can report every insert,
  /// update, move and removal as it happened. The default reads ``changes(in:since:)`` as one
  /// merged action at its returned position.
  /// - Throws: ``StoreError/reloadRequired`` when the log no longer reaches back to `since` or
  ///   holds an action too large to log (a bulk import), or ``StoreError/listNotFound(_:)``.
  func loggedChanges(in list: UUID, since: Int64) throws(StoreError) -> [LoggedChange]
  /// Undoes the last action on a list, whichever process or window made it, when the backend
  /// keeps the history (``StorageCapabilities/sharedHistory``). Apply the returned edits to an
  /// open list with ``RosterKit/RosterList/apply(_:)``.
  /// - Returns: The edits as applied, or `nil` when there is nothing to undo (always, without
  ///   a shared history).
  /// - Throws: ``StoreError/listNotFound(_:)``.
  func undo(in list: UUID) throws(StoreError) -> [ListEdit]?
  /// Redoes the last undone action on a list, when the backend keeps the history.
  /// - Returns: The edits as applied, or `nil` when there is nothing to redo.
  /// - Throws: ``StoreError/listNotFound(_:)``.
  func redo(in list: UUID) throws(StoreError) -> [ListEdit]?
  /// Whether any other instance changed the stored lists since the last call; always `false`
  /// without ``StorageCapabilities/sharedAccess``. Cheap: no query of the data.
  func hasExternalChanges() throws(StoreError) -> Bool
  /// Waits until another instance may have changed the stored lists, or until `timeout` has
  /// passed, and says which: `true` when ``hasExternalChanges()`` may now be `true`. A follower
  /// (`roster watch`, an app window) calls it in a loop and then reads
  /// ``changes(in:since:)``. A server backend wakes on its own notifications; the default polls
  /// ``hasExternalChanges()`` every 20 ms. A spurious `true` is allowed; a missed change is not.
  func waitForExternalChanges(timeout: Duration) throws(StoreError) -> Bool
  /// Every list's change-log position, when the store keeps them in one place to read in one
  /// query (a server's); `nil` otherwise. A replica skips the lists whose cursor is there.
  func listPositions() throws(StoreError) -> [UUID: Int64]?
  /// Every list's attendance mark, in one query: a number that changes whenever the list's
  /// check-in events, sessions or statuses change, so that a replica skips the lists whose
  /// mark it holds; `nil` where the store cannot say in one query.
  func attendanceMarks() throws(StoreError) -> [UUID: Int64]?
}

/// Defaults for storages without a shared history, such as a one-instance store whose
/// ``RosterStorage/loadList(_:)`` hands out the same list every time.
extension RosterStorage {
  /// One instance, one writer: ``StorageCapabilities/local``.
  public var capabilities: StorageCapabilities { .local }

  /// `nil`: positions are read list by list.
  public func listPositions() throws(StoreError) -> [UUID: Int64]? { nil }
  /// `nil`: a replica reads each list's attendance.
  public func attendanceMarks() throws(StoreError) -> [UUID: Int64]? { nil }

  /// Renames the list that ``RosterStorage/loadList(_:)`` returns.
  public func renameList(_ id: UUID, to title: String) throws(StoreError) {
    let list = try loadList(id)
    try StoreError.wrapping { () throws(RosterError) in try list.rename(to: title) }
  }

  /// The loaded list, at change-log position 0.
  public func snapshot(of id: UUID) throws(StoreError) -> (list: RosterList, position: Int64) {
    (try loadList(id), 0)
  }

  /// The loaded list's first `limit` entries.
  public func firstEntries(in list: UUID, limit: Int) throws(StoreError) -> [Entry] {
    let loaded = try loadList(list)
    return (0..<min(max(limit, 0), loaded.count)).map { loaded[$0] }
  }

  /// The loaded list's categories.
  public func categories(in list: UUID) throws(StoreError) -> [EntryCategory] {
    try loadList(list).categories
  }

  /// Everything since `since` as one action, from ``RosterStorage/changes(in:since:)``.
  public func loggedChanges(in list: UUID, since: Int64) throws(StoreError) -> [LoggedChange] {
    let (edits, position) = try changes(in: list, since: since)
    return position > since ? [LoggedChange(position: position, edits: edits)] : []
  }

  /// ``RosterStorage/record(_:in:)``, for a store with one writer and no operation log: each
  /// call records the change.
  @discardableResult
  public func record(_ change: ListChange, in list: UUID, operation: UUID) throws(StoreError)
    -> [ListEdit]
  {
    try record(change, in: list)
    return []
  }

  /// No shared history: always `nil`.
  public func undo(in list: UUID) throws(StoreError) -> [ListEdit]? { nil }

  /// No shared history: always `nil`.
  public func redo(in list: UUID) throws(StoreError) -> [ListEdit]? { nil }

  /// Polls ``RosterStorage/hasExternalChanges()`` every 20 ms until it is `true` or `timeout`
  /// has passed. Without ``StorageCapabilities/sharedAccess`` nothing else writes, so it sleeps
  /// out the timeout and returns `false`.
  public func waitForExternalChanges(timeout: Duration) throws(StoreError) -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while true {
      if try hasExternalChanges() { return true }
      let now = clock.now
      guard now < deadline else { return false }
      Thread.sleep(
        forTimeInterval: Self.seconds(min(.milliseconds(20), now.duration(to: deadline))))
    }
  }

  private static func seconds(_ duration: Duration) -> TimeInterval {
    let (seconds, attoseconds) = duration.components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }
}
