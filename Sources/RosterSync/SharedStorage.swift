public import Foundation
public import RosterBackend
public import RosterKit
import RosterLocalization

/// A shared server as the app window sees it: reads go to a connection of the window's own,
/// and every action goes to a persistent outbox that ``OutboxSender``'s thread sends, in order
/// and exactly once (each under an operation id made here). When the server cannot be reached,
/// the window keeps working on the open list: reads answer from what was last seen, actions
/// wait in the outbox, and ``isOnline`` says so for the header.
///
/// The window's thread never waits for the network unless the sender saw the server answer
/// just before (a notification, a reconnection); a read that fails then turns it offline
/// instead of raising a message.
public final class SharedStorage: RosterStorage {
  private let link: OutboxSender
  private(set) var reader: any RosterStorage
  private var lastLists: [ListSummary] = []
  private(set) var readerOnline = true
  private var senderOnline = true
  /// Actions that no longer applied, not yet shown to the person.
  private var reports: [NotAppliedOperation] = []

  /// Opens the server through `open` (twice: a reader and a sender) and sends what `outbox`
  /// kept from an earlier run before the first list is read.
  /// - Throws: When the server cannot be reached at start, or the outbox cannot be read.
  public init(open: @escaping OutboxSender.Opener, outbox: any OperationOutbox) throws {
    link = try OutboxSender(open: open, outbox: outbox)
    let news = link.takeNews()
    reader = news.reader!
    senderOnline = news.isOnline
    reports = news.notApplied
    capabilities = reader.capabilities
  }

  /// The reader's capabilities: shared access and a change log.
  public let capabilities: StorageCapabilities

  /// Whether the server can be reached now, as far as the app knows.
  public var isOnline: Bool { readerOnline && senderOnline }

  /// How many actions wait in the outbox to be sent.
  public private(set) var waiting = 0

  /// Takes the actions that no longer applied since the last call, for the window to report.
  public func takeNotApplied() -> [NotAppliedOperation] {
    defer { reports = [] }
    return reports
  }

  /// Ends the sending thread (the outbox keeps what it has not sent).
  public func close() { link.stop() }

  /// Called on the sending thread when another writer's change was announced: the window then
  /// follows the store at once rather than at its next poll.
  public var onNews: (@Sendable () -> Void)? {
    get { link.onNews }
    set { link.onNews = newValue }
  }

  /// An error for what needs the server while it cannot be reached.
  static var offline: StoreError {
    .database(localized("The server cannot be reached; try again once it is back."))
  }

  // MARK: Reading

  private func reading<T>(
    _ body: () throws(StoreError) -> T, offline: () throws(StoreError) -> T
  ) throws(StoreError) -> T {
    guard readerOnline else { return try offline() }
    do {
      return try body()
    } catch .database {
      readerOnline = false
      link.readerLost()
      return try offline()
    }
  }

  /// The lists, from the reader; while offline, the ones last seen.
  public func lists() throws(StoreError) -> [ListSummary] {
    try reading(
      { () throws(StoreError) in
        lastLists = try reader.lists()
        return lastLists
      }, offline: { lastLists })
  }

  /// Loads a list from the reader. O(n). Refused while offline.
  public func loadList(_ id: UUID) throws(StoreError) -> RosterList {
    try reading(
      { () throws(StoreError) in try reader.loadList(id) },
      offline: { () throws(StoreError) in throw Self.offline })
  }

  /// Loads a list and its change-log position from the reader. O(n). Refused while offline.
  public func snapshot(of id: UUID) throws(StoreError) -> (list: RosterList, position: Int64) {
    try reading(
      { () throws(StoreError) in try reader.snapshot(of: id) },
      offline: { () throws(StoreError) in throw Self.offline })
  }

  /// A list's first entries, from the reader. Refused while offline.
  public func firstEntries(in list: UUID, limit: Int) throws(StoreError) -> [Entry] {
    try reading(
      { () throws(StoreError) in try reader.firstEntries(in: list, limit: limit) },
      offline: { () throws(StoreError) in throw Self.offline })
  }

  /// A list's categories, from the reader. Refused while offline.
  public func categories(in list: UUID) throws(StoreError) -> [EntryCategory] {
    try reading(
      { () throws(StoreError) in try reader.categories(in: list) },
      offline: { () throws(StoreError) in throw Self.offline })
  }

  /// Other writers' edits since `since`; nothing while offline.
  public func changes(in list: UUID, since: Int64) throws(StoreError) -> (
    edits: [ListEdit], position: Int64
  ) {
    try reading(
      { () throws(StoreError) in try reader.changes(in: list, since: since) },
      offline: { ([], since) })
  }

  // MARK: Lists (need the server)

  /// Creates a list on the server (not queued). Refused while offline.
  public func createList(title: String, rule: Rule) throws(StoreError) -> ListSummary {
    try reading(
      { () throws(StoreError) in try reader.createList(title: title, rule: rule) },
      offline: { () throws(StoreError) in throw Self.offline })
  }

  /// Deletes a list on the server (not queued). Refused while offline.
  public func deleteList(_ id: UUID) throws(StoreError) {
    try reading(
      { () throws(StoreError) in try reader.deleteList(id) },
      offline: { () throws(StoreError) in throw Self.offline })
  }

  /// Renames a list on the server (not queued). Refused while offline.
  public func renameList(_ id: UUID, to title: String) throws(StoreError) {
    try reading(
      { () throws(StoreError) in try reader.renameList(id, to: title) },
      offline: { () throws(StoreError) in throw Self.offline })
  }

  // MARK: Actions (through the outbox)

  /// Puts the action in the outbox under a new operation id; the sender sends it. O(1), no
  /// network.
  /// - Returns: 0: the change-log position is known only once the action is sent.
  @discardableResult
  public func record(_ change: ListChange, in list: UUID) throws(StoreError) -> Int64 {
    guard change.origin != .external, !change.edits.isEmpty else { return 0 }
    try link.append(PendingOperation(id: UUID(), list: list, change: change))
    waiting += 1
    return 0
  }

  /// Whether another writer changed the lists, from what the sender saw: cheap, no network.
  /// Reports nothing while actions still wait to be sent, so that the window reads the log
  /// only once its own actions are in it; and `true` once after a reconnection.
  public func hasExternalChanges() throws(StoreError) -> Bool {
    let news = link.takeNews()
    reports += news.notApplied
    waiting = news.waiting
    senderOnline = news.isOnline
    if let fresh = news.reader {
      reader = fresh
      readerOnline = true
      if news.waiting > 0 { link.keepChanged() }
      return news.waiting == 0
    }
    guard isOnline else { return false }
    guard news.waiting == 0 else {
      if news.changed { link.keepChanged() }
      return false
    }
    return news.changed || !news.notApplied.isEmpty
  }
}
