public import Foundation
public import RosterBackend
import RosterKit
import RosterLocalization

/// The thread that talks to a shared server for an app window: it sends the replica's outbox
/// in order, each action under its operation id, pulls the server's changes into the replica
/// (``ReplicaPuller``), waits for other writers' notifications, and when the server cannot be
/// reached, reconnects with backoff. The window's thread never waits on it: it reads the
/// replica, and what happened with ``takeNews()``.
///
/// Every connection comes from `open` as a pair: one for this thread (sending, listening,
/// pulling) and one handed to the window's thread for what only the server can do (creating,
/// renaming and deleting lists).
public final class OutboxSender: @unchecked Sendable {
  /// A pair of connections: `reader` for the window's thread, `sender` for this thread.
  public typealias Connections = (reader: any RosterStorage, sender: any RosterStorage)
  /// Opens a pair of connections; slow or failing when the server cannot be reached.
  public typealias Opener = @Sendable () throws -> Connections

  /// What happened since the last ``takeNews()``.
  public struct News {
    /// A new connection for the window's thread, after the server was reached again.
    public var reader: (any RosterStorage)?
    /// Whether the server can be reached, as far as this thread knows.
    public var isOnline: Bool
    /// Whether another writer may have changed the lists.
    public var changed: Bool
    /// Actions that no longer applied, in the order they were sent.
    public var notApplied: [NotAppliedOperation]
    /// How many actions wait in the outbox (every process's, as the replica has them).
    public var waiting: Int
    /// When the replica was last in step with the server.
    public var lastSync: Date?
  }

  /// How long one wait for notifications lasts before the outbox is looked at again.
  static let listenSlice: Duration = .milliseconds(50)
  /// The longest pause between attempts to reach the server.
  static let longestBackoff = 5.0

  private let open: Opener
  private let replica: any ReplicaStorage
  private let outbox: any OperationOutbox
  private let condition = NSCondition()
  private var sender: (any RosterStorage)?
  private var news: News
  private var stopped = false
  /// Whether the replica must catch up before the next wait: after a connection, and after
  /// this thread sent actions.
  private var pullNeeded = true
  private var reconnectRequested = false
  private var newsHandler: (@Sendable () -> Void)?

  /// Called on this thread when another writer's notification arrived, so that the window
  /// reads the change at once instead of at its next poll.
  public var onNews: (@Sendable () -> Void)? {
    get {
      condition.lock()
      defer { condition.unlock() }
      return newsHandler
    }
    set {
      condition.lock()
      newsHandler = newValue
      condition.unlock()
    }
  }

  /// Starts the sending thread for `replica` (a connection of its own: this thread uses it).
  ///
  /// A replica that was never in step with the server is filled first, on the calling thread:
  /// the server must answer then. Otherwise the calling thread does not wait for the server at
  /// all; the thread connects, sends what the outbox kept from an earlier run, and pulls.
  /// - Throws: What `open`, the server or the replica throws, only for a replica never synced.
  public init(
    open: @escaping Opener, replica: any ReplicaStorage,
    progress: (ListSummary) -> Void = { _ in }
  ) throws {
    self.open = open
    self.replica = replica
    outbox = replica.outbox
    news = News(
      reader: nil, isOnline: false, changed: false, notApplied: [],
      waiting: try outbox.count(), lastSync: try replica.lastSync())
    if news.lastSync == nil {
      let pair = try open()
      sender = pair.sender
      news.reader = pair.reader
      news.isOnline = true
      try flush(pair.sender)
      try ReplicaPuller(server: pair.sender, replica: replica).pull(progress: progress)
      news.lastSync = try replica.lastSync()
      news.waiting = try outbox.count()
    }
    Thread.detachNewThread { [self] in run() }
  }

  /// Adds an action to the end of the outbox; the thread sends it within ``listenSlice``.
  /// - Returns: The action's place in the outbox.
  /// - Throws: ``RosterBackend/StoreError`` when the outbox file cannot be written.
  @discardableResult
  public func append(_ operation: PendingOperation) throws(StoreError) -> Int64 {
    condition.lock()
    defer { condition.unlock() }
    let place = try outbox.append(operation)
    news.waiting += 1
    return place
  }

  /// The actions waiting for one list, oldest first. O(n) in the outbox.
  public func waiting(in list: UUID) throws(StoreError) -> [PendingOperation] {
    try locked { () throws(StoreError) in try outbox.waiting(in: list) }
  }

  /// Counts the outbox again (another process of the user may have added to it or sent from
  /// it) and returns the count. O(n) in the outbox, no network.
  public func recount() throws(StoreError) -> Int {
    try locked { () throws(StoreError) in
      news.waiting = try outbox.count()
      return news.waiting
    }
  }

  /// Takes what happened: a new reader, the connection state, other writers' changes, actions
  /// that no longer applied. Cheap: no network.
  public func takeNews() -> News {
    condition.lock()
    defer { condition.unlock() }
    let taken = news
    news.reader = nil
    news.changed = false
    news.notApplied = []
    return taken
  }

  /// Leaves other writers' changes to be reported again by the next ``takeNews()``.
  public func keepChanged() {
    condition.lock()
    news.changed = true
    condition.unlock()
  }

  /// The window's reader failed: open a new pair (the server may have restarted).
  public func readerLost() {
    condition.lock()
    reconnectRequested = true
    news.isOnline = false
    condition.broadcast()
    condition.unlock()
  }

  /// Ends the thread after its current step.
  public func stop() {
    condition.lock()
    stopped = true
    condition.broadcast()
    condition.unlock()
  }

  private func run() {
    var delay = 0.25
    while true {
      condition.lock()
      let done = stopped
      if reconnectRequested {
        reconnectRequested = false
        sender = nil
      }
      let current = sender
      condition.unlock()
      if done { return }
      guard let current else {
        if connect() {
          delay = 0.25
        } else {
          pause(seconds: delay)
          delay = min(delay * 2, Self.longestBackoff)
        }
        continue
      }
      do {
        try flush(current)
        if pullNeeded {
          pullNeeded = false
          try pull(from: current)
        }
        if try current.waitForExternalChanges(timeout: Self.listenSlice) {
          try pull(from: current)
        }
      } catch {
        condition.lock()
        sender = nil
        news.isOnline = false
        condition.unlock()
      }
    }
  }

  /// Opens a new pair; `true` when the server answered.
  private func connect() -> Bool {
    guard let pair = try? open() else {
      publish { $0.isOnline = false }
      return false
    }
    condition.lock()
    sender = pair.sender
    news.reader = pair.reader
    news.isOnline = true
    news.changed = true
    pullNeeded = true
    condition.unlock()
    return true
  }

  /// Pulls the server's changes into the replica and tells the window when its rows changed.
  private func pull(from server: any RosterStorage) throws {
    let report = try ReplicaPuller(server: server, replica: replica).pull()
    let synced = try replica.lastSync()
    let waiting = try locked { () throws(StoreError) in try outbox.count() }
    publish {
      $0.lastSync = synced
      $0.waiting = waiting
      if !report.changed.isEmpty { $0.changed = true }
    }
    if !report.changed.isEmpty { onNews?() }
  }

  /// Sends the outbox's actions, oldest first, until it is empty; an action leaves it once the
  /// store recorded it or refused it for good (reported). A lost connection leaves the rest
  /// waiting, in order.
  private func flush(_ store: any RosterStorage) throws {
    while let next = try locked({ () throws(StoreError) in try outbox.first() }) {
      var report: NotAppliedOperation?
      do {
        let skipped = try store.record(next.change, in: next.list, operation: next.id)
        if let first = skipped.first {
          report = NotAppliedOperation(
            operation: next, reason: .entryDeleted,
            entryText: PendingOperation(
              id: next.id, list: next.list,
              change: ListChange(origin: next.change.origin, edits: [first])
            ).entryText)
        }
      } catch .listNotFound {
        report = NotAppliedOperation(operation: next, reason: .listDeleted)
      } catch .database(let message) {
        throw StoreError.database(message)
      } catch .busy {
        throw StoreError.busy
      } catch {
        report = NotAppliedOperation(
          operation: next, reason: .refused(StoreErrorWording.sentence(for: error)))
      }
      if let report {
        try replica.keepRejected(
          RejectedChange(
            operation: next.id, list: next.list, listTitle: nil, entryText: report.entryText,
            reason: report.reason.sentence, at: Date()))
      }
      try locked { () throws(StoreError) in
        try outbox.remove(next.id)
        news.waiting = max(news.waiting - 1, 0)
        pullNeeded = true
        if let report { news.notApplied.append(report) }
      }
    }
  }

  private func locked<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
    condition.lock()
    defer { condition.unlock() }
    return try body()
  }

  private func publish(_ change: (inout News) -> Void) {
    condition.lock()
    change(&news)
    condition.unlock()
  }

  /// Waits `seconds`, or less when stopped or asked to reconnect.
  private func pause(seconds: Double) {
    condition.lock()
    defer { condition.unlock() }
    let until = Date(timeIntervalSinceNow: seconds)
    while !stopped, !reconnectRequested, Date() < until {
      _ = condition.wait(until: until)
    }
  }
}
