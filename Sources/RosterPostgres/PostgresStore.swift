public import Foundation
public import RosterBackend
public import RosterKit

/// Lists kept in a PostgreSQL database, shared by a team: several people, each with their own
/// role and connection, edit the same lists and follow each other's changes.
///
/// ```swift
/// let store = try PostgresStore(conninfo: "postgresql://anna@db.example/roster")
/// let guests = try store.createList(title: "Guests", rule: .personalName, team: "doors")
/// try store.add(["Anna Lindqvist"], category: nil, to: guests.id)
/// ```
///
/// The connection string goes to libpq unchanged (so `PG*` variables, `~/.pgpass` and
/// `pg_service.conf` work), with connect and keepalive timeouts added where it sets none.
///
/// Every action is one transaction that first locks its list's row and bumps the list's
/// sequence number: the change log is gap-free and in commit order per list, and each commit
/// sends `NOTIFY roster, 'LIST-UUID SEQ'` (ids and numbers only, never text). Each action
/// carries an operation id, so a commit whose outcome the connection lost is retried exactly
/// once; serialization failures, deadlocks, lost connections, an administrator's shutdown and
/// statement timeouts are retried with backoff for up to ``retryWindow``. Undo and redo are per
/// role: yours undo your own last action in a list, never a colleague's.
///
/// Access is PostgreSQL's own (row-level security, see `PostgresSchema`): a list belongs to a
/// team role, and a list you may not see is, to every method, a list that does not exist.
public final class PostgresStore: RosterStorage {
  /// This connection's identity in the change log: ``changes(in:since:)`` skips its own edits.
  public let writerID: UUID

  var connection: Connection
  let conninfo: ConnectionString
  package let now: @Sendable () -> Date
  package let makeID: @Sendable () -> UUID
  /// Makes the collation of a locale, for placing entries in a list kept sorted
  /// (``RosterBackend/CommandStorage/collationProvider``); Unicode scalar order when `nil`.
  public var collationProvider: ((String) -> any Collating)?
  /// The failure behind the last ``StoreError`` a statement threw, for the retry loop.
  var lastFailure: PGFailure?
  private var listening = false
  /// What ``hasExternalChanges()`` saw last.
  private var seen: Fingerprint?
  /// When ``hasExternalChanges()`` last read the summary.
  private var lastSummary: ContinuousClock.Instant?

  /// How often an idle ``waitForExternalChanges(timeout:)`` reads the summary anyway.
  static let heartbeat: Duration = .seconds(2)
  /// Sequence numbers (edits' and attendance events') this store's own committed actions took
  /// since then.
  private var ownChanges: Int64 = 0
  /// Sequence numbers the current transaction took.
  var pendingChanges: Int64 = 0
  /// How long an action is retried after retryable failures before it is refused: by default
  /// ``retryWindow``; an app that keeps its own outbox sets it shorter, so that a lost server
  /// is noticed in about that long.
  public var retryLimit: Duration = PostgresStore.retryWindow
  /// The role this connection acts as (`current_user`), once read: who its attendance events
  /// are by.
  var role: String?
  /// Tests only: the next write's COMMIT lands but reports a lost connection, so that the
  /// ambiguous-commit path (reconnect, look the operation id up) runs.
  var losesNextCommitReply = false
  /// Tests only: the next ``reconnect()`` fails as if the server were still down (after a
  /// crash), so that the retry, not the look-up right after the lost reply, meets the
  /// operation id.
  var failsNextReconnect = false

  /// How many actions each role keeps for undo in each list.
  public static let undoLimit = 100
  /// How many change-log rows each list keeps for ``changes(in:since:)``.
  public static let changeLogLimit = 1_000
  /// The largest action whose edits are logged and undoable; bigger imports are neither.
  public static let loggedEditLimit = 10_000
  /// How long an action is retried after retryable failures before it is refused.
  public static let retryWindow: Duration = .seconds(15)
  /// The NOTIFY channel every commit signals on.
  static let channel = "roster"

  /// Connects to the database `conninfo` names and checks its schema.
  /// - Parameters:
  ///   - conninfo: A libpq URI (`postgresql://…`) or keyword string (`host=… dbname=…`).
  ///   - environment: Where `PGPASSWORD` and the other `PG*` variables are read from, to keep
  ///     their values out of messages.
  ///   - now: The clock for new entries.
  ///   - makeID: Makes ids for new entries and lists.
  ///   - writerID: This connection's identity in the change log: two connections of one app
  ///     (one sending, one reading) share one, so the reader skips what the sender wrote. A
  ///     fresh random one by default, not `makeID`'s: it must differ from every other
  ///     connection's, whatever ids tests inject.
  ///   - checkingSchema: Whether to refuse a database without this version's schema; only
  ///     ``initializeSchema(conninfo:environment:)`` connects without.
  ///   - quickly: Whether to give up on an unreachable server at once (a refused port, no
  ///     waiting for a server starting up) or after 2 s (`connect_timeout`, whatever the user
  ///     set), and on a server that falls silent mid-statement after 2 s: `roster --offline-ok`
  ///     then works on the replica.
  /// - Throws: ``StoreError/database(_:)`` when the server cannot be reached (the message names
  ///   host and port, never a password) or the database has no Roster schema yet (run
  ///   ``initializeSchema()``), ``StoreError/newerSchema(_:)`` for a newer one.
  public init(
    conninfo: String,
    environment: [String: String] = ProcessInfo.processInfo.environment,
    now: @escaping @Sendable () -> Date = { Date() },
    makeID: (@Sendable () -> UUID)? = nil,
    writerID: UUID = UUID(),
    checkingSchema: Bool = true,
    quickly: Bool = false
  ) throws(StoreError) {
    var conninfo = ConnectionString(conninfo, environment: environment)
    if quickly {
      conninfo.connectTimeout = 2
      conninfo.connectTimeoutIsFirm = true
      conninfo.silenceLimit = 2_000
    }
    self.conninfo = conninfo
    self.now = now
    self.makeID = makeID ?? { UUIDGenerator.shared.make() }
    self.writerID = writerID
    do throws(PGFailure) {
      connection = try Connection(conninfo: self.conninfo, waitingForStartup: !quickly)
    } catch {
      throw .database(error.message)
    }
    guard checkingSchema else { return }
    let found: Int
    do throws(PGFailure) {
      found = try PostgresSchema.version(connection)
    } catch {
      throw .database("Cannot read the Roster schema at \(connection.place): \(error.message)")
    }
    guard found <= PostgresSchema.current else { throw .newerSchema(found) }
    guard found == PostgresSchema.current else {
      let state =
        found == 0 ? "has no Roster schema yet" : "has Roster schema version \(found), older"
      throw .database(
        "The PostgreSQL database at \(connection.place) \(state): its owner runs"
          + " `roster --db … db init` once.")
    }
  }

  /// Opens the database as its owner and creates or migrates the Roster schema, as
  /// `roster db init` does: after it, any role that can connect can use Roster there.
  /// - Returns: The schema version found before (0: none) and the version now.
  /// - Throws: ``StoreError/newerSchema(_:)``, or ``StoreError/database(_:)``.
  public static func initializeSchema(
    conninfo: String, environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(StoreError) -> (before: Int, after: Int) {
    let store = try PostgresStore(
      conninfo: conninfo, environment: environment, checkingSchema: false)
    let before = try PostgresSchema.migrate(store.connection)
    return (before, PostgresSchema.current)
  }

  /// `HOST:PORT` of the server (never the password).
  public var serverPlace: String { connection.place }

  // MARK: RosterStorage

  /// Every connection to the database shares the lists, the change log (the last
  /// ``changeLogLimit`` changes per list) and undo history (per role).
  public var capabilities: StorageCapabilities {
    StorageCapabilities(
      sharedAccess: true, sharedHistory: true, changeLogLimit: Self.changeLogLimit)
  }

  /// Whether another connection committed a change since the last call: notifications that
  /// arrived, else a one-row summary of the visible lists (how many, the sum of their edit and
  /// attendance sequence numbers, the newest id) compared with the last call's, less this
  /// store's own changes: another process's check-in counts, this connection's own does not.
  /// Creating or deleting a list of one's own may report `true` once.
  /// - Complexity: O(l) in the number of lists; no entry is read.
  public func hasExternalChanges() throws(StoreError) -> Bool {
    // Notifications only wake ``waitForExternalChanges(timeout:)``: one may arrive after the
    // change it announces was already counted here. A lost connection counts as a change.
    lastSummary = ContinuousClock.now
    let reconnected = try listen() ? try drainNotifications() : true
    let now = try fingerprint()
    defer {
      seen = now
      ownChanges = 0
    }
    guard let seen else { return true }
    return reconnected || now.count != seen.count || now.newest != seen.newest
      || now.sequences != seen.sequences + ownChanges
  }

  /// Reads and drops the notifications that arrived; `true` when the connection was lost and
  /// had to be opened again.
  private func drainNotifications() throws(StoreError) -> Bool {
    do throws(PGFailure) {
      _ = try connection.notifications()
      return false
    } catch {
      try reconnect()
      return true
    }
  }

  private func fingerprint() throws(StoreError) -> Fingerprint {
    try read { () throws(StoreError) in
      let result = try run(
        "SELECT count(*), coalesce(sum(seq + attendance_seq), 0), coalesce(max(id), 0)"
          + " FROM lists")
      return Fingerprint(
        count: result.integer(0, 0), sequences: result.integer(0, 1), newest: result.integer(0, 2))
    }
  }

  /// Waits on the connection's socket for a notification from another connection, up to
  /// `timeout`; a lost connection is reconnected and reported as `true` (read the log to catch
  /// up).
  ///
  /// Once `LISTEN` is in place every commit of another connection arrives as a notification,
  /// so a wait that times out usually sends no query: an idle follower costs the server one
  /// small query per ``heartbeat``. The summary of ``hasExternalChanges()`` is compared on the
  /// first wait, the first after a reconnect (for the changes made before `LISTEN` took
  /// effect), and once per ``heartbeat``, which also finds a connection that went silent
  /// (``Connection/silenceLimit``) while nothing was sent on it.
  public func waitForExternalChanges(timeout: Duration) throws(StoreError) -> Bool {
    let clock = ContinuousClock()
    let due = lastSummary.map { $0.duration(to: clock.now) >= Self.heartbeat } ?? true
    if !listening || seen == nil || due, try hasExternalChanges() { return true }
    let deadline = clock.now.advanced(by: timeout)
    while true {
      do throws(PGFailure) {
        if try !connection.notifications().isEmpty { return true }
      } catch {
        try reconnect()
        return true
      }
      let left = clock.now.duration(to: deadline)
      guard left > .zero else { return false }
      let milliseconds =
        left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000
      guard connection.waitReadable(milliseconds: Int32(clamping: max(milliseconds, 1))) else {
        return false
      }
    }
  }

  /// What ``hasExternalChanges()`` compares from one call to the next.
  struct Fingerprint {
    let count: Int64
    let sequences: Int64
    let newest: Int64
  }

  /// Issues `LISTEN` once per connection; `false` when it was just issued.
  private func listen() throws(StoreError) -> Bool {
    guard !listening else { return true }
    _ = try run("LISTEN \(Self.channel)")
    listening = true
    return false
  }

  // MARK: Transactions

  /// Runs `body` in one write transaction with a fresh operation id; see
  /// ``write(operation:replayed:_:)``.
  package func write<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
    // A fresh random id, not `makeID`'s: the `operations` table is shared by every client, and
    // an id another connection's injected generator could also make would pass for its commit.
    try write(operation: UUID(), replayed: nil, body)
  }

  /// Runs `body` in one write transaction with operation id `operation`, retried on retryable
  /// failures for up to ``retryLimit``. When the connection drops during COMMIT, the operation
  /// id tells whether it landed: then the result stands and nothing is done twice, whether the
  /// look-up right after the loss tells or, the server being down then (a crash), the retry that
  /// finds the id stored. When the database already holds `operation` from before this call (an
  /// outbox sending again), `body` is not run and `replayed` is the result.
  func write<T>(operation id: UUID, replayed: T?, _ body: () throws(StoreError) -> T)
    throws(StoreError) -> T
  {
    let operation = UUIDText.string(id)
    // What the last attempt that sent COMMIT did: when a later attempt finds `operation`
    // stored, that COMMIT landed, and its result is this call's. Running `body` again would
    // do the action twice, on whatever `#3` names by then, or with new ids.
    var sent: (result: T, changes: Int64)?
    return try retrying { () throws(StoreError) -> T in
      pendingChanges = 0
      try run("BEGIN")
      let inserted = try run(
        "INSERT INTO operations (id) VALUES ($1) ON CONFLICT (id) DO NOTHING RETURNING id",
        [operation])
      if inserted.count == 0 {
        try run("COMMIT")
        if let sent {
          ownChanges += sent.changes
          return sent.result
        }
        // A fresh id of ``write(_:)`` is stored only by this call's own commit.
        guard let replayed else { throw .constraint("operation \(operation) is stored already") }
        return replayed
      }
      let result = try body()
      sent = (result, pendingChanges)
      do throws(StoreError) {
        try run("COMMIT")
        if losesNextCommitReply {
          // Tests: the commit landed, but its reply is lost as when the network drops.
          losesNextCommitReply = false
          lastFailure = PGFailure(state: "08006", message: "The reply to COMMIT was lost.")
          throw StoreError.database("The reply to COMMIT was lost.")
        }
      } catch {
        guard lastFailure?.isConnectionLoss == true else { throw error }
        try reconnect()
        let landed = try run("SELECT 1 FROM operations WHERE id = $1", [operation])
        guard landed.count == 1 else { throw error }
      }
      ownChanges += pendingChanges
      return result
    }
  }

  /// Runs `body` in one read-only snapshot, retried like ``write(_:)``.
  package func read<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
    try retrying { () throws(StoreError) -> T in
      try run("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
      let result = try body()
      try run("COMMIT")
      return result
    }
  }

  private func retrying<T>(_ attempt: () throws(StoreError) -> T) throws(StoreError) -> T {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: retryLimit)
    var delay = 0.002
    while true {
      lastFailure = nil
      do throws(StoreError) {
        return try attempt()
      } catch {
        let failure = lastFailure
        if connection.isOpen { _ = try? connection.execute("ROLLBACK") }
        guard let failure, failure.isRetryable, clock.now < deadline else { throw error }
        Thread.sleep(forTimeInterval: delay + Double.random(in: 0...delay))
        delay = min(delay * 2, 0.5)
        if failure.isConnectionLoss || !connection.isOpen {
          do throws(StoreError) { try reconnect() } catch {
            if clock.now >= deadline { throw error }
          }
        }
      }
    }
  }

  /// Opens a new connection in place of a lost one.
  func reconnect() throws(StoreError) {
    if failsNextReconnect {
      failsNextReconnect = false
      lastFailure = PGFailure(state: "08001", message: "The server is down (a test's crash).")
      throw .database("The server is down (a test's crash).")
    }
    do throws(PGFailure) {
      connection = try Connection(conninfo: conninfo)
      listening = false
    } catch {
      lastFailure = error
      throw .database(error.message)
    }
  }

  /// Runs one statement, turning a failure into a ``StoreError`` and remembering it for the
  /// retry loop.
  @discardableResult
  func run(_ sql: String, _ parameters: [String?] = []) throws(StoreError) -> QueryResult {
    do throws(PGFailure) {
      return try connection.execute(sql, parameters)
    } catch {
      lastFailure = error
      throw Self.storeError(error)
    }
  }

  /// The ``StoreError`` for a server failure.
  static func storeError(_ failure: PGFailure) -> StoreError {
    switch failure.state {
    case "23505", "23503", "23514": .constraint(failure.message)
    case "40001", "40P01", "55P03": .busy
    case "53100": .diskFull
    case "42501": .database("Permission denied: \(failure.message).")
    default: .database(failure.message)
    }
  }
}

/// Attendance is RosterBackend's shared SQL layer's (``RosterBackend/SQLStorage``), over
/// PostgreSQL's rows (`PostgresStore+Attendance.swift`).
extension PostgresStore: AttendanceStorage {}
