import Foundation
import RosterBackend
import RosterKit
import RosterLocalization

/// The loop of `roster watch`: follows one list or every list, waits for other writers, and
/// reports each change once, in order, across lost connections: the lists' edits, then their
/// attendance events (check-ins, status changes, check-outs, clears) as the store received them.
///
/// The storage is opened through `open`, again after any failure but a vanished list, with
/// backoff: every follower resumes from the last action it reported, so a reconnect neither
/// repeats nor skips a change.
final class WatchSession {
  /// How long one wait for other writers lasts before the stop flag is checked again.
  static let waitSlice: Duration = .milliseconds(200)
  /// How often the lists are read even without a wake-up (a hint a server may have lost).
  static let sweepInterval: Duration = .seconds(5)
  /// The longest pause between attempts to reach the storage again.
  static let longestBackoff: Duration = .seconds(5)

  private let open: () throws(StoreError) -> any RosterStorage
  private let title: String?
  private let report: (any WatchReport) -> Void
  private let status: (String) -> Void
  private var storage: (any RosterStorage)?
  private var followers: [ListFollower] = []
  private let clock = ContinuousClock()

  /// A session that opens its storage with `open`, follows the list titled `title` (every
  /// list when `nil`), and hands events to `report` and status lines to `status`.
  init(
    open: @escaping () throws(StoreError) -> any RosterStorage, title: String?,
    report: @escaping (any WatchReport) -> Void, status: @escaping (String) -> Void
  ) {
    self.open = open
    self.title = title
    self.report = report
    self.status = status
  }

  /// Opens the storage and takes the starting snapshots: nothing before them is reported.
  /// - Throws: the storage's failure, or ``StoreError/listNotFound(_:)`` for an unknown title.
  func start() throws(StoreError) {
    let storage = try open()
    self.storage = storage
    let summaries = try storage.lists()
    if let title {
      guard let summary = summaries.first(where: { $0.title == title }) else {
        throw .listNotFound(title)
      }
      followers = [try follower(summary, in: storage)]
    } else {
      for summary in summaries {
        do throws(StoreError) {
          followers.append(try follower(summary, in: storage))
        } catch .listNotFound {
          continue  // deleted meanwhile
        }
      }
    }
  }

  /// What the session is following, for the status line once it has started.
  var following: String {
    if let only = followers.first, title != nil { return localized("“%@”", only.title) }
    return localizedPlural("%@ list", "%@ lists", count: followers.count, followers.count)
  }

  /// Follows until `stopping` says so; reconnects with backoff whenever the storage fails.
  /// - Throws: ``StoreError/listNotFound(_:)`` when the one list followed is deleted.
  func run(until stopping: () -> Bool) throws(StoreError) {
    var pending = true
    var lastSweep = clock.now
    var backoff: Duration = .milliseconds(100)
    var failing = false
    while !stopping() {
      do throws(StoreError) {
        let storage = try connected()
        if pending || lastSweep.duration(to: clock.now) >= Self.sweepInterval {
          try catchUp(storage)
          lastSweep = clock.now
        }
        if failing {
          status(localized("Reconnected; caught up."))
          failing = false
          backoff = .milliseconds(100)
        }
        pending = try storage.waitForExternalChanges(timeout: Self.waitSlice)
      } catch .listNotFound(let name) where title != nil {
        throw .listNotFound(name)
      } catch {
        storage = nil
        if !failing {
          status(
            localized("Lost the database (%@); reconnecting.", ErrorWording.sentence(for: error)))
        }
        failing = true
        pending = true
        pause(backoff, unless: stopping)
        backoff = min(backoff * 2, Self.longestBackoff)
      }
    }
    storage = nil
  }

  /// Closes the storage.
  func close() {
    storage = nil
  }

  // MARK: Internals

  private func connected() throws(StoreError) -> any RosterStorage {
    if let storage { return storage }
    let fresh = try open()
    storage = fresh
    return fresh
  }

  private func follower(_ summary: ListSummary, in storage: any RosterStorage) throws(StoreError)
    -> ListFollower
  {
    let (list, position) = try storage.snapshot(of: summary.id)
    let follower = ListFollower(snapshot: list, at: position)
    if let attending = storage as? any AttendanceStorage {
      follower.attendance = try AttendanceFollower(list: summary.id, in: attending)
    }
    return follower
  }

  /// Brings every follower up to date; in all-lists mode, follows new lists and drops deleted
  /// ones first.
  private func catchUp(_ storage: any RosterStorage) throws(StoreError) {
    if title == nil {
      let summaries = try storage.lists()
      let present = Set(summaries.map(\.id))
      for gone in followers where !present.contains(gone.id) {
        status(localized("“%@” was deleted.", gone.title))
      }
      followers.removeAll { !present.contains($0.id) }
      let known = Set(followers.map(\.id))
      for summary in summaries where !known.contains(summary.id) {
        let newcomer = ListFollower(newcomer: summary)
        if storage is any AttendanceStorage {
          newcomer.attendance = AttendanceFollower(newcomer: summary.id)
        }
        followers.append(newcomer)
        status(localized("Following the new list “%@”.", summary.title))
      }
    }
    var index = 0
    while index < followers.count {
      let follower = followers[index]
      do throws(StoreError) {
        try follower.catchUp(storage) { events in events.forEach(report) }
        if let attending = storage as? any AttendanceStorage, let attendance = follower.attendance {
          let events = try attendance.catchUp(
            attending, title: follower.title, text: follower.text(of:))
          events.forEach(report)
        }
        index += 1
      } catch .listNotFound(let name) {
        guard title == nil else { throw .listNotFound(title ?? name) }
        status(localized("“%@” was deleted.", follower.title))
        followers.remove(at: index)
      }
    }
  }

  /// Sleeps for `duration`, in short steps so that a stop request is not kept waiting.
  private func pause(_ duration: Duration, unless stopping: () -> Bool) {
    let deadline = clock.now.advanced(by: duration)
    while !stopping(), clock.now < deadline {
      Thread.sleep(forTimeInterval: 0.05)
    }
  }
}
