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
    /// Check-ins made here that the server refused or kept as double check-ins, once the
    /// replica holds what the server stored instead.
    public var attendance: [RefusedAttendance] = []
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
    news = News(
      reader: nil, isOnline: false, changed: false, notApplied: [],
      waiting: try replica.waitingCount(), lastSync: try replica.lastSync())
    if news.lastSync == nil {
      let pair = try open()
      sender = pair.sender
      news.reader = pair.reader
      news.isOnline = true
      let report = try ReplicaSync(replica: replica).sync(with: pair.sender, progress: progress)
      news.notApplied = report.notApplied
      news.attendance = report.attendance
      news.waiting = report.waiting
      news.lastSync = try replica.lastSync()
    }
    Thread.detachNewThread { [self] in run() }
  }

  /// Counts an action the window just put in the outbox (through its own connection to the
  /// replica); the thread sends it within ``listenSlice``.
  public func noteQueued() {
    publish { $0.waiting += 1 }
  }

  /// Sets the waiting count the window read from the outbox (another process of the user may
  /// have added to it or sent from it).
  public func noteWaiting(_ count: Int) {
    publish { $0.waiting = count }
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
    news.attendance = []
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
          // Another writer's news: lists or check-ins, pulled into the replica.
          try pull(from: current, announced: true)
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
  /// - Parameters:
  ///   - server: The connection to pull through.
  ///   - announced: Whether the server announced another writer's commit: the window is told
  ///     even when the replica's rows did not change.
  /// - Throws: What the server or the replica throws.
  private func pull(from server: any RosterStorage, announced: Bool = false) throws {
    let report = try ReplicaPuller(server: server, replica: replica).pull()
    let synced = try replica.lastSync()
    let waiting = try replica.waitingCount()
    let news = announced || !report.changed.isEmpty
    publish {
      $0.lastSync = synced
      $0.waiting = waiting
      if news { $0.changed = true }
    }
    if news { onNews?() }
  }

  /// Sends the outbox's actions, oldest first, until it is empty (``ReplicaSync``): an action
  /// leaves it once the store recorded it or refused it for good (kept in the replica and
  /// reported). A lost connection leaves the rest waiting, in order.
  private func flush(_ store: any RosterStorage) throws {
    let report = try ReplicaSync(replica: replica).sendWaiting(to: store)
    // A refused check-in is taken back to what the server stored: pull that first.
    if !report.attendance.isEmpty { try pull(from: store, announced: true) }
    publish {
      $0.waiting = report.waiting
      $0.notApplied += report.notApplied
      $0.attendance += report.attendance
    }
    if report.sent > 0 || !report.notApplied.isEmpty { pullNeeded = true }
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
