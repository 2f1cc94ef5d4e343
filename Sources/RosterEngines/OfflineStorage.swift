public import Foundation
public import RosterBackend
public import RosterKit
import RosterStore

/// A command's storage for `roster --offline-ok`: a throwaway copy of the replica with the
/// actions still waiting in its outbox applied on top (the lists as the server will have them
/// once they are sent), on which any command runs as on a local database. What the command
/// changed is read back from the copy's change log by ``pendingOperations()``, each action
/// under a new operation id, for the replica's outbox; the replica's rows stay the server's.
///
/// What only the server can do (creating, renaming and deleting lists, imports, undo across
/// processes) is refused.
public final class OfflineStorage: CommandStorage {
  let scratch: SQLiteStore
  private let path: String
  /// Whether the command's check-ins are made offline (the server did not answer before it).
  public var madeOffline = true
  /// The check-in actions the command made, in order, for the replica's queue.
  var attendanceMade: [WaitingAttendance] = []
  /// The copy's change-log position after the waiting actions: the command logs past it.
  private let baseline: Int64

  /// Copies `replica` to a new file beside it and applies its waiting actions to the copy.
  /// - Parameter replica: The replica.
  /// - Throws: ``RosterBackend/StoreError`` when the copy cannot be made or read.
  init(copying replica: SQLiteReplica) throws(StoreError) {
    Self.removeAbandonedCopies(of: replica.store.path)
    path = replica.store.path + ".offline-\(getpid())-\(UUIDText.string(UUID())).sqlite3"
    do {
      scratch = try replica.scratchCopy(at: path)
      for summary in try scratch.lists() {
        for operation in try replica.queue.waiting(in: summary.id) {
          // An action that no longer applies here is the server's to refuse when sent.
          _ = try? scratch.record(operation.change, in: summary.id, operation: operation.id)
        }
        for action in try replica.queue.waitingAttendance(in: summary.id) {
          try? Self.apply(action, to: scratch)
        }
      }
      baseline = try scratch.lastLogPosition()
    } catch {
      Self.remove(path)
      throw error
    }
  }

  deinit { Self.remove(path) }

  /// Removes the copies that commands killed before their end left beside the replica (named
  /// with the process id of a process that no longer runs): they take room, and could keep
  /// rows of a list the user has since lost access to. O(f) for f files in the folder.
  static func removeAbandonedCopies(of replica: String) {
    let folder = (replica as NSString).deletingLastPathComponent
    let prefix = (replica as NSString).lastPathComponent + ".offline-"
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    for name in names where name.hasPrefix(prefix) && name.hasSuffix(".sqlite3") {
      guard let pid = Int32(name.dropFirst(prefix.count).prefix { $0 != "-" }),
        kill(pid, 0) != 0, errno == ESRCH
      else { continue }
      remove(folder + "/" + name)
    }
  }

  private static func remove(_ path: String) {
    for suffix in ["", "-wal", "-shm", "-journal"] {
      try? FileManager.default.removeItem(atPath: path + suffix)
    }
  }

  /// The actions the command made, in order, each under a new operation id made here.
  /// O(k) for k logged actions.
  /// - Throws: ``RosterBackend/StoreError/reloadRequired`` for an action too large to keep in
  ///   the log (send it online).
  public func pendingOperations() throws(StoreError) -> [PendingOperation] {
    var result: [PendingOperation] = []
    for summary in try scratch.lists() {
      for logged in try scratch.loggedChanges(in: summary.id, since: baseline)
      where !logged.edits.isEmpty {
        result.append(
          PendingOperation(
            id: UUID(), list: summary.id,
            change: ListChange(origin: .action, edits: logged.edits)))
      }
    }
    return result
  }

  static var needsServer: StoreError {
    .database("Creating, renaming or deleting a list needs the server, and it cannot be reached.")
  }

  // MARK: RosterStorage

  /// The copy's capabilities.
  public var capabilities: StorageCapabilities { scratch.capabilities }
  /// The lists the replica holds.
  public func lists() throws(StoreError) -> [ListSummary] { try scratch.lists() }
  /// Refused: needs the server.
  public func createList(title: String, rule: Rule) throws(StoreError) -> ListSummary {
    throw Self.needsServer
  }
  /// Refused: needs the server.
  public func deleteList(_ id: UUID) throws(StoreError) { throw Self.needsServer }
  /// Refused: needs the server.
  public func renameList(_ id: UUID, to title: String) throws(StoreError) {
    throw Self.needsServer
  }
  /// The list, with the waiting actions on top.
  public func loadList(_ id: UUID) throws(StoreError) -> RosterList { try scratch.loadList(id) }
  /// The list and its position in the copy's log.
  public func snapshot(of id: UUID) throws(StoreError) -> (list: RosterList, position: Int64) {
    try scratch.snapshot(of: id)
  }
  /// The list's first entries.
  public func firstEntries(in list: UUID, limit: Int) throws(StoreError) -> [Entry] {
    try scratch.firstEntries(in: list, limit: limit)
  }
  /// The list's categories.
  public func categories(in list: UUID) throws(StoreError) -> [EntryCategory] {
    try scratch.categories(in: list)
  }
  /// Records an action in the copy, to be sent.
  @discardableResult
  public func record(_ change: ListChange, in list: UUID) throws(StoreError) -> Int64 {
    try scratch.record(change, in: list)
  }
  /// Records an action in the copy, to be sent.
  @discardableResult
  public func record(_ change: ListChange, in list: UUID, operation: UUID) throws(StoreError)
    -> [ListEdit]
  {
    try scratch.record(change, in: list, operation: operation)
  }
  /// The copy's merged changes.
  public func changes(in list: UUID, since: Int64) throws(StoreError) -> (
    edits: [ListEdit], position: Int64
  ) {
    try scratch.changes(in: list, since: since)
  }
  /// The copy's change log.
  public func loggedChanges(in list: UUID, since: Int64) throws(StoreError) -> [LoggedChange] {
    try scratch.loggedChanges(in: list, since: since)
  }
  /// Refused: the history is the server's.
  public func undo(in list: UUID) throws(StoreError) -> [ListEdit]? { throw Self.needsServer }
  /// Refused: the history is the server's.
  public func redo(in list: UUID) throws(StoreError) -> [ListEdit]? { throw Self.needsServer }
  /// Nobody else writes the copy.
  public func hasExternalChanges() throws(StoreError) -> Bool { false }
  /// Nobody else writes the copy: waits `timeout` for nothing.
  public func waitForExternalChanges(timeout: Duration) throws(StoreError) -> Bool { false }

  // MARK: CommandStorage

  /// The collation for lists kept sorted.
  public var collationProvider: ((String) -> any Collating)? {
    get { scratch.collationProvider }
    set { scratch.collationProvider = newValue }
  }
  /// The list titled `title`, as the replica has it.
  public func list(titled title: String) throws(StoreError) -> ListSummary? {
    try scratch.list(titled: title)
  }
  /// Refused: needs the server.
  public func createList(title: String, rule: Rule, team: String?) throws(StoreError)
    -> ListSummary
  {
    throw Self.needsServer
  }
  /// Adds entries to the copy.
  @discardableResult
  public func add(_ texts: [String], category: String?, to list: UUID) throws(StoreError)
    -> [Entry]
  {
    try scratch.add(texts, category: category, to: list)
  }
  /// The entry a person named.
  public func entry(_ reference: EntryReference, in list: UUID) throws(StoreError) -> Entry {
    try scratch.entry(reference, in: list)
  }
  /// Replaces an entry's text in the copy.
  public func updateText(of reference: EntryReference, to text: String, in list: UUID)
    throws(StoreError) -> (old: Entry, new: Entry)
  {
    try scratch.updateText(of: reference, to: text, in: list)
  }
  /// Removes entries from the copy.
  public func remove(_ references: [EntryReference], from list: UUID) throws(StoreError)
    -> [Entry]
  {
    try scratch.remove(references, from: list)
  }
  /// Moves an entry in the copy.
  @discardableResult
  public func move(_ reference: EntryReference, toPosition position: Int, in list: UUID)
    throws(StoreError) -> Entry
  {
    try scratch.move(reference, toPosition: position, in: list)
  }
  /// The list's categories with their use.
  public func categoryUsage(in list: UUID) throws(StoreError) -> [(
    category: EntryCategory, count: Int
  )] {
    try scratch.categoryUsage(in: list)
  }
  /// Sets a category's colour in the copy.
  public func setColor(_ color: CategoryColor, ofCategory name: String, in list: UUID)
    throws(StoreError)
  {
    try scratch.setColor(color, ofCategory: name, in: list)
  }
  /// Renames a category in the copy.
  public func renameCategory(_ name: String, to newName: String, in list: UUID)
    throws(StoreError)
  {
    try scratch.renameCategory(name, to: newName, in: list)
  }
  /// Every entry of the list, in order.
  public func forEachEntry(in id: UUID, _ body: (Entry) -> Void) throws(StoreError) {
    try scratch.forEachEntry(in: id, body)
  }
  /// Refused: an import goes to the server directly.
  public func beginImport(into list: UUID) throws(StoreError) -> RefusedImport {
    throw Self.needsServer
  }

  /// The import an offline storage never begins (``beginImport(into:)`` refuses).
  public final class RefusedImport: ImportSession {
    private init() {}
    /// Nothing was added.
    public var count: Int { 0 }
    /// Refused.
    @discardableResult
    public func add(text: String, category: String?, id: UUID?, created: Date?, updated: Date?)
      throws(StoreError) -> Entry
    {
      throw OfflineStorage.needsServer
    }
    /// Refused.
    public func addCategory(_ category: EntryCategory) throws(StoreError) {
      throw OfflineStorage.needsServer
    }
    /// Refused.
    public func commit() throws(StoreError) { throw OfflineStorage.needsServer }
    /// Nothing to discard.
    public func cancel() {}
  }
}
