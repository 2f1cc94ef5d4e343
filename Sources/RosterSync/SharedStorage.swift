public import Foundation
public import RosterBackend
public import RosterKit
import RosterLocalization

/// A shared server as the app window sees it, through this machine's replica: reads go to the
/// replica (a local SQLite file, so they never wait on the network), every action goes to the
/// replica's outbox, and ``OutboxSender``'s thread sends the outbox in order and exactly once
/// (each action under an operation id made here) and pulls the server's changes into the
/// replica. While the server cannot be reached the window keeps working on every list the
/// replica holds; ``isOnline``, ``waiting`` and ``lastSync`` say where it stands.
///
/// What only the server can do (creating, renaming and deleting lists and sessions) goes to a
/// connection of the window's own, and is refused while the server cannot be reached.
/// Check-ins are read from the replica too, and work offline (`SharedStorage+Attendance`).
public final class SharedStorage: RosterStorage {
  private let link: OutboxSender
  private let replica: any ReplicaStorage
  private(set) var reader: (any RosterStorage)?
  private(set) var readerOnline = false
  private var senderOnline = false
  /// Actions that no longer applied, not yet shown to the person.
  private var reports: [NotAppliedOperation] = []
  /// The waiting actions the window has shown: its own, and those of the user's other
  /// processes on this machine that it applied from the shared outbox.
  private var shownOperations: Set<UUID> = []
  /// Whether the replica's log has changes the window left unread because actions waited.
  private var logUnread = false
  /// Whether another process queued actions the window has not read yet.
  private var othersQueued = false
  /// The replica's signature as the window last knew it, its own actions counted.
  private var known: (log: Int64, outbox: Int64) = (0, 0)
  /// Sessions the window made while the server could not be reached, by list: made on the
  /// server, by name, when their first check-in is sent.
  var madeSessions: [UUID: [AttendanceSession]] = [:]
  /// Check-ins the server refused or kept as double check-ins, not yet taken by the window.
  var refusedAttendance: [RefusedAttendance] = []
  /// The server's stamp for this user's events, once read.
  var serverOrigin: AttendanceOrigin?

  /// Opens the replica and starts the sending thread. A replica never in step with the
  /// server is filled first, on the calling thread (`progress` hears of each list fetched
  /// whole); otherwise nothing here waits for the server.
  /// - Parameters:
  ///   - open: Opens a pair of server connections (a reader for this thread, a sender).
  ///   - replica: The replica, for this thread.
  ///   - sendingReplica: Another connection to the same replica, for the sending thread.
  ///   - progress: Hears of each list a first sync fetches whole, before it is fetched.
  /// - Throws: When the replica cannot be read, or it was never synced and the server cannot
  ///   be reached.
  public init(
    open: @escaping OutboxSender.Opener, replica: any ReplicaStorage,
    sendingReplica: any ReplicaStorage, progress: (ListSummary) -> Void = { _ in }
  ) throws {
    self.replica = replica
    link = try OutboxSender(open: open, replica: sendingReplica, progress: progress)
    let news = link.takeNews()
    reader = news.reader
    readerOnline = news.reader != nil
    senderOnline = news.isOnline
    reports = news.notApplied
    refusedAttendance = news.attendance
    waiting = news.waiting
    lastSync = news.lastSync
    capabilities = replica.lists.capabilities
    _ = try? replica.lists.hasExternalChanges()
    known = (try? replica.signature()) ?? known
  }

  /// The replica's capabilities: shared access and a change log.
  public let capabilities: StorageCapabilities

  /// Whether the server can be reached now, as far as the app knows.
  public var isOnline: Bool { readerOnline && senderOnline }

  /// How many actions wait in the outbox to be sent (every process's on this machine).
  public private(set) var waiting = 0

  /// When the replica was last in step with the server.
  public private(set) var lastSync: Date?

  /// Takes the actions that no longer applied since the last call, for the window to report.
  public func takeNotApplied() -> [NotAppliedOperation] {
    defer { reports = [] }
    return reports
  }

  /// Ends the sending thread (the outbox keeps what it has not sent).
  public func close() { link.stop() }

  /// Called on the sending thread when the replica took another writer's change: the window
  /// then follows it at once rather than at its next poll.
  public var onNews: (@Sendable () -> Void)? {
    get { link.onNews }
    set { link.onNews = newValue }
  }

  /// An error for what needs the server while it cannot be reached.
  static var offline: StoreError {
    .database(localized("The server cannot be reached; try again once it is back."))
  }

  // MARK: Reading (the replica)

  /// The lists the replica holds.
  public func lists() throws(StoreError) -> [ListSummary] { try replica.lists.lists() }

  /// Loads a list from the replica, with the actions still waiting for it on top. O(n).
  public func loadList(_ id: UUID) throws(StoreError) -> RosterList {
    try snapshot(of: id).list
  }

  /// Loads a list and its position in the replica's change log, with the actions still
  /// waiting for it applied on top, as the server will have them once they are sent. O(n + w)
  /// for w waiting edits.
  public func snapshot(of id: UUID) throws(StoreError) -> (list: RosterList, position: Int64) {
    let (list, position) = try replica.lists.snapshot(of: id)
    for operation in try replica.outbox.waiting(in: id) {
      _ = list.apply(operation.change.edits)
      shownOperations.insert(operation.id)
    }
    return (list, position)
  }

  /// A list's first entries, from the replica.
  public func firstEntries(in list: UUID, limit: Int) throws(StoreError) -> [Entry] {
    try replica.lists.firstEntries(in: list, limit: limit)
  }

  /// A list's categories, from the replica.
  public func categories(in list: UUID) throws(StoreError) -> [EntryCategory] {
    try replica.lists.categories(in: list)
  }

  /// What changed since `since`: while actions wait for this list, the ones the window has
  /// not shown yet (another process of the user made them on this machine), and the replica's
  /// log is left for later; else what the replica took from the server since `since`, as
  /// edits that converge on it.
  public func changes(in list: UUID, since: Int64) throws(StoreError) -> (
    edits: [ListEdit], position: Int64
  ) {
    let waiting = try replica.outbox.waiting(in: list)
    guard waiting.isEmpty else {
      logUnread = true
      let unseen = waiting.filter { !shownOperations.contains($0.id) }
      shownOperations.formUnion(unseen.map(\.id))
      return (unseen.flatMap(\.change.edits), since)
    }
    return try replica.lists.changes(in: list, since: since)
  }

  /// The replica's change log of a list.
  public func loggedChanges(in list: UUID, since: Int64) throws(StoreError) -> [LoggedChange] {
    try replica.lists.loggedChanges(in: list, since: since)
  }

  /// Runs `body` on the window's server connection, refused while it cannot be reached; a
  /// lost connection turns the window offline.
  func onServer<T>(_ body: (any RosterStorage) throws(StoreError) -> T)
    throws(StoreError) -> T
  {
    guard readerOnline, let reader else { throw Self.offline }
    do {
      return try body(reader)
    } catch .database {
      readerOnline = false
      link.readerLost()
      throw Self.offline
    }
  }

  // MARK: Lists (need the server)

  /// Creates a list on the server (not queued) and in the replica. Refused while offline.
  public func createList(title: String, rule: Rule) throws(StoreError) -> ListSummary {
    try onServer { (server) throws(StoreError) in
      let summary = try server.createList(title: title, rule: rule)
      try ReplicaPuller(server: server, replica: replica).pull(list: summary.id)
      return summary
    }
  }

  /// Deletes a list on the server (not queued) and from the replica. Refused while offline.
  public func deleteList(_ id: UUID) throws(StoreError) {
    try onServer { (server) throws(StoreError) in
      try server.deleteList(id)
      try replica.drop(id)
    }
  }

  /// Renames a list on the server (not queued) and in the replica. Refused while offline.
  public func renameList(_ id: UUID, to title: String) throws(StoreError) {
    try onServer { (server) throws(StoreError) in
      try server.renameList(id, to: title)
      try ReplicaPuller(server: server, replica: replica).pull(list: id)
    }
  }

  // MARK: Actions (through the outbox)

  /// Puts the action in the outbox under a new operation id; the sender sends it. O(1), no
  /// network.
  /// - Returns: 0: the change-log position is known only once the action is sent.
  @discardableResult
  public func record(_ change: ListChange, in list: UUID) throws(StoreError) -> Int64 {
    guard change.origin != .external, !change.edits.isEmpty else { return 0 }
    let operation = PendingOperation(id: UUID(), list: list, change: change)
    let place = try replica.outbox.append(operation)
    link.noteQueued()
    // A gap before this place: another process queued actions the window has not shown.
    if place > known.outbox + 1 { othersQueued = true }
    known.outbox = max(known.outbox, place)
    shownOperations.insert(operation.id)
    waiting += 1
    return 0
  }

  /// Whether the window has something to read: the replica took changes (from what the
  /// sender saw, and from the replica itself: another process's sync or outbox), or the
  /// log waits to be read since the window's actions were all sent. Cheap, no network.
  public func hasExternalChanges() throws(StoreError) -> Bool {
    let news = link.takeNews()
    reports += news.notApplied
    refusedAttendance += news.attendance
    waiting = news.waiting
    lastSync = news.lastSync
    senderOnline = news.isOnline
    if let fresh = news.reader {
      reader = fresh
      readerOnline = true
    }
    // Another connection wrote to the replica: the sending thread, another process of the user
    // (its sync, its outbox), or this window's own outbox connection, whose places `record`
    // counted in `known` already.
    var replicaChanged = othersQueued
    othersQueued = false
    if try replica.lists.hasExternalChanges() {
      waiting = try replica.waitingCount()
      link.noteWaiting(waiting)
      let now = try replica.signature()
      replicaChanged = replicaChanged || now.log != known.log || now.outbox > known.outbox
      known = now
    }
    if waiting == 0 {
      shownOperations.removeAll()
      if logUnread {
        logUnread = false
        return true
      }
    }
    return news.changed || replicaChanged || !news.notApplied.isEmpty
      || !news.attendance.isEmpty
  }

  /// Counts a check-in the window put in the replica's queue; the sender sends it.
  func noteQueuedAttendance() {
    link.noteQueued()
    waiting += 1
  }

  /// The replica, for the window's check-ins.
  var replicaStorage: any ReplicaStorage { replica }
}
