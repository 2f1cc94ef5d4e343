public import Foundation
public import RosterBackend
public import RosterKit

/// A local database as an app window uses it: reads go to a connection of the window's own,
/// and every action goes, in order, to a ``StoreWriter`` thread with a second connection, so
/// that the window never waits on the disk: not for an fsync, not for another process that
/// holds the database locked.
///
/// Both connections carry one writer identity, so the change log read on the window's side
/// skips what the writer stored, and typing joins one undo step in the store as in the list.
/// An action the store refuses comes back from ``takeRefused()`` for the window to take back.
///
/// The few operations whose caller needs the store's answer at once (creating, renaming or
/// deleting a list; the store's own undo) run on the writer after every waiting action and
/// wait for it; so does loading a list, so that it reflects every action made before.
public final class WriteBehindStorage: RosterStorage, DeferredWriting, AttendanceDesk {
  private let reader: any RosterStorage
  private let writer: StoreWriter

  /// Wraps two connections to one database with one writer identity: `reader`, for the
  /// calling thread, and `writer`, which from now on belongs to the writing thread.
  public init(reader: any RosterStorage, writer: any RosterStorage) {
    self.reader = reader
    self.writer = StoreWriter(store: writer)
    capabilities = reader.capabilities
  }

  deinit { writer.stop() }

  /// The reader's capabilities.
  public let capabilities: StorageCapabilities

  // MARK: DeferredWriting

  /// How many actions wait to be stored. O(1).
  public var pendingWrites: Int { writer.pending }

  /// Called on the writing thread after a refusal, and when nothing waits any more.
  public var onSettled: (@Sendable () -> Void)? {
    get { writer.onSettled }
    set { writer.onSettled = newValue }
  }

  /// The actions the store refused since the last call, in order.
  public func takeRefused() -> [RefusedAction] { writer.takeRefused() }

  /// Waits until every action is stored or refused, or `timeout` has passed.
  public func finishWrites(timeout: Duration) -> Bool { writer.finish(timeout: timeout) }

  // MARK: Reading, on the window's connection

  /// The lists, as stored: an action still waiting is not counted yet. O(l).
  public func lists() throws(StoreError) -> [ListSummary] { try reader.lists() }

  /// Loads a list once every waiting action is stored. O(n).
  public func loadList(_ id: UUID) throws(StoreError) -> RosterList {
    settleWrites()
    return try reader.loadList(id)
  }

  /// Loads a list and its change-log position once every waiting action is stored. O(n).
  public func snapshot(of id: UUID) throws(StoreError) -> (list: RosterList, position: Int64) {
    settleWrites()
    return try reader.snapshot(of: id)
  }

  /// A list's first entries, as stored.
  public func firstEntries(in list: UUID, limit: Int) throws(StoreError) -> [Entry] {
    try reader.firstEntries(in: list, limit: limit)
  }

  /// A list's categories, as stored.
  public func categories(in list: UUID) throws(StoreError) -> [EntryCategory] {
    try reader.categories(in: list)
  }

  /// Other writers' edits since `since`, from the window's connection.
  public func changes(in list: UUID, since: Int64) throws(StoreError) -> (
    edits: [ListEdit], position: Int64
  ) {
    try reader.changes(in: list, since: since)
  }

  /// The change log since `since`, from the window's connection.
  public func loggedChanges(in list: UUID, since: Int64) throws(StoreError) -> [LoggedChange] {
    try reader.loggedChanges(in: list, since: since)
  }

  /// Whether other writers changed the lists: `false` while this window's own actions still
  /// wait, so that the window reads the log only once they are in it. Cheap: no query of the
  /// data.
  public func hasExternalChanges() throws(StoreError) -> Bool {
    guard writer.pending == 0 else { return false }
    return try reader.hasExternalChanges()
  }

  /// Waits on the window's connection.
  public func waitForExternalChanges(timeout: Duration) throws(StoreError) -> Bool {
    try reader.waitForExternalChanges(timeout: timeout)
  }

  // MARK: Writing, on the writer's connection

  /// Hands the action to the writing thread and returns at once. O(1), no I/O.
  /// - Returns: 0: the change-log position is known only once the action is stored.
  @discardableResult
  public func record(_ change: ListChange, in list: UUID) throws(StoreError) -> Int64 {
    guard change.origin != .external, !change.edits.isEmpty else { return 0 }
    try writer.record(change, in: list)
    return 0
  }

  /// Stores an action under an operation id, after every waiting one, and waits.
  @discardableResult
  public func record(_ change: ListChange, in list: UUID, operation: UUID) throws(StoreError)
    -> [ListEdit]
  {
    try writer.run { store throws(StoreError) in
      try store.record(change, in: list, operation: operation)
    }
  }

  /// Creates a list after every waiting action, and waits.
  public func createList(title: String, rule: Rule) throws(StoreError) -> ListSummary {
    try writer.run { store throws(StoreError) in try store.createList(title: title, rule: rule) }
  }

  /// Deletes a list after every waiting action, and waits.
  public func deleteList(_ id: UUID) throws(StoreError) {
    try writer.run { store throws(StoreError) in try store.deleteList(id) }
  }

  /// Renames a list after every waiting action, and waits.
  public func renameList(_ id: UUID, to title: String) throws(StoreError) {
    try writer.run { store throws(StoreError) in try store.renameList(id, to: title) }
  }

  /// Undoes the last action in the store after every waiting action, and waits.
  public func undo(in list: UUID) throws(StoreError) -> [ListEdit]? {
    try writer.run { store throws(StoreError) in try store.undo(in: list) }
  }

  /// Redoes the last undone action in the store after every waiting action, and waits.
  public func redo(in list: UUID) throws(StoreError) -> [ListEdit]? {
    try writer.run { store throws(StoreError) in try store.redo(in: list) }
  }

  // MARK: Attendance

  /// The window's connection, when it keeps attendance (a SQLite file does).
  public var attendanceStore: (any AttendanceStorage)? { reader as? any AttendanceStorage }

  /// Hands the action's events to the writing thread and returns at once. O(1), no I/O.
  /// - Returns: `nil`: a refusal comes back from ``takeRefusedAttendance()``.
  public func submitAttendance(_ events: [AttendanceEvent], in list: UUID) throws(StoreError)
    -> AttendanceRecord?
  {
    guard !events.isEmpty else { return AttendanceRecord() }
    try writer.record(events, in: list)
    return nil
  }

  /// The attendance actions the store refused since the last call, in order.
  public func takeRefusedAttendance() -> [RefusedAttendance] { writer.takeRefusedAttendance() }

  private func settleWrites() {
    _ = writer.finish(timeout: .seconds(86_400))
  }
}
