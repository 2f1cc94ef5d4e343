public import Foundation
public import RosterBackend
public import RosterKit

/// One thread that owns a store's writing connection and runs its writes in the order they
/// were handed over: recorded actions (``record(_:in:)``, which returns at once) and jobs whose
/// caller waits for the result (``run(_:)``, for the rare actions that need one: creating a
/// list, undo from the command's side).
///
/// A refused action is kept for ``takeRefused()``; the actions after it are still written.
public final class StoreWriter: @unchecked Sendable {
  /// One unit of work, in order.
  private enum Job {
    case record(list: UUID, change: ListChange)
    case attendance(list: UUID, events: [AttendanceEvent])
    case run(@Sendable (any RosterStorage) -> Void)
  }

  private let store: any RosterStorage
  private let condition = NSCondition()
  /// The jobs not started yet, oldest first from `head`.
  private var jobs: [Job] = []
  private var head = 0
  /// Whether a job is running on the thread.
  private var running = false
  private var refused: [RefusedAction] = []
  private var refusedAttendance: [RefusedAttendance] = []
  private var stopped = false
  private var settledHandler: (@Sendable () -> Void)?

  /// Starts the thread over `store`, a connection that no other thread uses from now on.
  public init(store: any RosterStorage) {
    self.store = store
    let thread = Thread { [self] in loop() }
    thread.name = "roster-writer"
    thread.start()
  }

  /// How many recorded actions and jobs are not finished. O(1).
  public var pending: Int {
    condition.lock()
    defer { condition.unlock() }
    return jobs.count - head + (running ? 1 : 0)
  }

  /// Called on this thread after a refusal, and when the last waiting job finished.
  public var onSettled: (@Sendable () -> Void)? {
    get {
      condition.lock()
      defer { condition.unlock() }
      return settledHandler
    }
    set {
      condition.lock()
      settledHandler = newValue
      condition.unlock()
    }
  }

  /// Hands an action over for storing after every earlier one. O(1), no I/O.
  /// - Throws: ``RosterBackend/StoreError/database(_:)`` once the writer has stopped.
  public func record(_ change: ListChange, in list: UUID) throws(StoreError) {
    try enqueue(.record(list: list, change: change))
  }

  /// Hands an attendance action's events over for storing, as one undoable step, after every
  /// earlier job. O(1), no I/O.
  /// - Throws: ``RosterBackend/StoreError/database(_:)`` once the writer has stopped.
  public func record(_ events: [AttendanceEvent], in list: UUID) throws(StoreError) {
    try enqueue(.attendance(list: list, events: events))
  }

  /// Runs `body` on the writing connection after every earlier job, and waits for its result.
  public func run<T: Sendable>(
    _ body: @escaping @Sendable (any RosterStorage) throws(StoreError) -> T
  )
    throws(StoreError) -> T
  {
    let outcome = Outcome<T>()
    let done = NSCondition()
    try enqueue(
      .run { store in
        let result = Result { () throws(StoreError) -> T in try body(store) }
        done.lock()
        outcome.result = result
        done.signal()
        done.unlock()
      })
    done.lock()
    while outcome.result == nil { done.wait() }
    done.unlock()
    return try outcome.result!.get()
  }

  /// The actions refused since the last call, in order.
  public func takeRefused() -> [RefusedAction] {
    condition.lock()
    defer { condition.unlock() }
    let taken = refused
    refused = []
    return taken
  }

  /// The attendance actions refused since the last call, in order.
  public func takeRefusedAttendance() -> [RefusedAttendance] {
    condition.lock()
    defer { condition.unlock() }
    let taken = refusedAttendance
    refusedAttendance = []
    return taken
  }

  /// Waits until no job waits or runs, or `timeout` has passed.
  /// - Returns: Whether the writer is idle.
  public func finish(timeout: Duration) -> Bool {
    let deadline = Date().addingTimeInterval(Self.seconds(timeout))
    condition.lock()
    defer { condition.unlock() }
    while head < jobs.count || running {
      guard condition.wait(until: deadline) else { return head >= jobs.count && !running }
    }
    return true
  }

  /// Finishes every waiting job, then ends the thread.
  public func stop() {
    condition.lock()
    stopped = true
    condition.broadcast()
    condition.unlock()
  }

  // MARK: The thread

  private func enqueue(_ job: Job) throws(StoreError) {
    condition.lock()
    defer { condition.unlock() }
    guard !stopped else { throw .database("The database is closed.") }
    jobs.append(job)
    condition.broadcast()
  }

  private func loop() {
    while let job = next() {
      switch job {
      case .record(let list, let change):
        do { try store.record(change, in: list) } catch {
          settle(refusal: RefusedAction(list: list, change: change, error: error))
          continue
        }
        settle(refusal: nil)
      case .attendance(let list, let events):
        settle(attendance: storeAttendance(events, in: list))
      case .run(let body):
        body(store)
        settle(refusal: nil)
      }
    }
  }

  /// Stores an attendance action; what the store refused of it, if anything.
  private func storeAttendance(_ events: [AttendanceEvent], in list: UUID) -> RefusedAttendance? {
    guard let attendance = store as? any AttendanceStorage else {
      return RefusedAttendance(
        list: list, events: events, refusals: [],
        failure: .database("This database keeps no attendance."))
    }
    do {
      let record = try attendance.record(events, in: list, undoable: true)
      guard !record.refused.isEmpty else { return nil }
      let refusedIDs = Set(record.refused.compactMap { $0.event?.id })
      return RefusedAttendance(
        list: list, events: events.filter { refusedIDs.contains($0.id) },
        refusals: record.refused, failure: nil)
    } catch {
      return RefusedAttendance(list: list, events: events, refusals: [], failure: error)
    }
  }

  /// The next job, waiting for one; `nil` once stopped with nothing left.
  private func next() -> Job? {
    condition.lock()
    defer { condition.unlock() }
    while head == jobs.count {
      if stopped { return nil }
      condition.wait()
    }
    let job = jobs[head]
    head += 1
    // Drop the finished prefix now and then, so the queue does not grow without end.
    if head == jobs.count {
      jobs.removeAll(keepingCapacity: true)
      head = 0
    } else if head >= 1_024 && head * 2 >= jobs.count {
      jobs.removeFirst(head)
      head = 0
    }
    running = true
    return job
  }

  /// After a job: keeps a refusal, and calls the handler when something refused or nothing
  /// waits any more.
  private func settle(refusal: RefusedAction? = nil, attendance: RefusedAttendance? = nil) {
    condition.lock()
    if let refusal { refused.append(refusal) }
    if let attendance { refusedAttendance.append(attendance) }
    running = false
    condition.broadcast()
    let idle = head == jobs.count
    let handler = settledHandler
    condition.unlock()
    if refusal != nil || attendance != nil || idle { handler?() }
  }

  private static func seconds(_ duration: Duration) -> TimeInterval {
    let (seconds, attoseconds) = duration.components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }
}

/// The result of a job ``StoreWriter/run(_:)`` waits for, set on the writing thread under the
/// job's own lock.
private final class Outcome<T>: @unchecked Sendable {
  var result: Result<T, StoreError>?
}
