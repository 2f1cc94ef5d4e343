import CLibPQ
import Foundation
import RosterBackend

/// One libpq connection: statements with text parameters, `COPY … TO STDOUT`, and
/// LISTEN/NOTIFY. The only type here that holds a `PGconn`.
final class Connection {
  private let raw: OpaquePointer

  /// Connects with `conninfo` (a URI or keyword string, handed to libpq unchanged) and
  /// `defaults`, libpq keywords that apply only where the connection string does not set its
  /// own.
  ///
  /// A server that is starting up or shutting down (a restart) is waited for up to
  /// ``startupWait`` when `waitingForStartup`, and a port nothing listens on yet up to
  /// ``refusedWait``; a wrong password, a missing database or a server that never answers fails
  /// at the first attempt.
  /// - Throws: ``PGFailure`` with a redacted, one-line message.
  init(conninfo: ConnectionString, waitingForStartup: Bool = false) throws(PGFailure) {
    silence = conninfo.silenceLimit
    try Self.loadLibrary()
    let pairs = conninfo.parameters()
    let keywords = pairs.map { strdup($0.0) }
    let values = pairs.map { strdup($0.1) }
    defer {
      keywords.forEach { free($0) }
      values.forEach { free($0) }
    }
    let keywordArray = keywords.map { UnsafePointer($0) } + [nil]
    let valueArray = values.map { UnsafePointer($0) } + [nil]
    let clock = ContinuousClock()
    let start = clock.now
    var delay = 0.05
    while true {
      let attempt = clock.now
      guard let connection = rpq_PQconnectdbParams(keywordArray, valueArray, 1) else {
        throw PGFailure(state: "08000", message: "libpq could not allocate a connection.")
      }
      if rpq_PQstatus(connection) == CONNECTION_OK {
        raw = connection
        break
      }
      let where_ = Self.place(connection)
      let reason = conninfo.redacted(Self.reason(String(cString: rpq_PQerrorMessage(connection))))
      rpq_PQfinish(connection)
      let failedFast = attempt.duration(to: clock.now) < .seconds(1)
      let wait: Duration =
        switch failedFast && waitingForStartup
          ? rpq_PQpingParams(keywordArray, valueArray, 1) : PQPING_OK
        {
        case PQPING_REJECT: Self.startupWait
        case PQPING_NO_RESPONSE: Self.refusedWait
        default: .zero
        }
      guard start.duration(to: clock.now) + .milliseconds(Int(delay * 1000)) < wait else {
        throw PGFailure(
          state: "08001", message: "Cannot connect to PostgreSQL at \(where_): \(reason)")
      }
      Thread.sleep(forTimeInterval: delay)
      delay = min(delay * 2, 0.5)
    }
    rpq_PQsetNoticeProcessor(raw, { _, _ in }, nil)
  }

  /// Loads libpq on first use (`CLibPQ` opens it with `dlopen`, so that a command on a SQLite
  /// file never loads it).
  /// - Throws: ``PGFailure`` naming the missing library.
  static func loadLibrary() throws(PGFailure) {
    guard rpq_load() else {
      let reason = rpq_load_error().map { String(cString: $0) } ?? "unknown reason"
      throw PGFailure(
        state: "08000",
        message: "PostgreSQL's client library (libpq5) cannot be loaded: \(reason)")
    }
  }

  /// How long a first connection waits for a server that says it is starting up or shutting
  /// down: long enough for `pg_ctl restart` and crash recovery, short enough that a CLI
  /// command still fails within 30 s.
  static let startupWait: Duration = .seconds(10)

  /// How long a first connection retries a port nothing listens on: the gap while a server
  /// restarts, and no longer, since a wrong port should be reported soon.
  static let refusedWait: Duration = .seconds(3)

  deinit { rpq_PQfinish(raw) }

  /// `HOST:PORT` of the server, never the password: what errors name.
  var place: String { Self.place(raw) }

  /// Whether the connection still works, as far as libpq knows, and the server has not fallen
  /// silent on it.
  var isOpen: Bool { !silent && rpq_PQstatus(raw) == CONNECTION_OK }

  /// How long a statement may go without a byte from the server before the connection counts
  /// as lost. A black-holed connection (a stopped proxy, a frozen host) still has its packets
  /// acknowledged, so TCP keepalives and `tcp_user_timeout` never fire; only this notices it.
  /// Long enough for any statement Roster sends, and short enough that a CLI command with one
  /// reconnect attempt still gives up within 30 s.
  static let silenceLimit: Int32 = 12_000

  /// This connection's silence limit, in milliseconds: ``silenceLimit`` unless its connection
  /// string asks for less (a command bound to answer within seconds).
  private let silence: Int32

  /// Set when the server fell silent mid-statement: the connection is not used again.
  private var silent = false

  /// The server process serving this connection.
  var backendPID: Int32 { rpq_PQbackendPID(raw) }

  /// Runs one statement with `parameters` (text format; `nil` is NULL) and returns its rows.
  /// - Throws: ``PGFailure`` with the server's SQLSTATE.
  @discardableResult
  func execute(_ sql: String, _ parameters: [String?] = []) throws(PGFailure) -> QueryResult {
    let copies = parameters.map { $0.map { strdup($0) } ?? nil }
    defer { copies.forEach { free($0) } }
    let pointers = copies.map { UnsafePointer($0) }
    let sent =
      parameters.isEmpty
      ? rpq_PQsendQuery(raw, sql)
      : rpq_PQsendQueryParams(raw, sql, Int32(pointers.count), nil, pointers, nil, nil, 0)
    guard sent == 1 else { throw failure(nil) }
    return try checked(try awaitResult())
  }

  /// Waits for the statement's results, as `PQexec` would, but gives up when the server sends
  /// nothing for ``silenceLimit``: the last result, or the first failed one (after a failure the
  /// server runs nothing more of the statement).
  private func awaitResult() throws(PGFailure) -> OpaquePointer? {
    while true {
      guard rpq_PQconsumeInput(raw) == 1 else { throw failure(nil) }
      if rpq_PQisBusy(raw) == 0 { break }
      if !waitReadable(milliseconds: silence) {
        silent = true
        throw PGFailure(
          state: "08006",
          message:
            "The server at \(place) stopped answering (nothing for \(silence / 1000) s).")
      }
    }
    var kept: OpaquePointer?
    while let next = rpq_PQgetResult(raw) {
      let failed = kept.map { rpq_PQresultStatus($0) == PGRES_FATAL_ERROR } ?? false
      if failed {
        rpq_PQclear(next)
      } else {
        if let kept { rpq_PQclear(kept) }
        kept = next
      }
      if rpq_PQisBusy(raw) == 1 {
        // The rest of a several-statement string: wait for it the same way.
        while rpq_PQisBusy(raw) == 1 {
          guard waitReadable(milliseconds: silence), rpq_PQconsumeInput(raw) == 1 else {
            silent = true
            if let kept { rpq_PQclear(kept) }
            throw PGFailure(state: "08006", message: "The server at \(place) stopped answering.")
          }
        }
      }
    }
    return kept
  }

  /// Runs `COPY … TO STDOUT` and calls `row` with each line (without its newline), O(1) memory
  /// beyond one line.
  func copyOut(_ sql: String, _ row: (UnsafeBufferPointer<UInt8>) throws(PGFailure) -> Void)
    throws(PGFailure)
  {
    let started = rpq_PQexec(raw, sql)
    guard rpq_PQresultStatus(started) == PGRES_COPY_OUT else {
      _ = try checked(started)
      return
    }
    rpq_PQclear(started)
    while true {
      var buffer: UnsafeMutablePointer<CChar>?
      let length = rpq_PQgetCopyData(raw, &buffer, 0)
      if length < 0 { break }
      guard let buffer else { continue }
      defer { rpq_PQfreemem(buffer) }
      let count = Int(length) > 0 && buffer[Int(length) - 1] == 10 ? Int(length) - 1 : Int(length)
      try buffer.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
        bytes throws(PGFailure) in
        try row(UnsafeBufferPointer(start: bytes, count: count))
      }
    }
    try drainResults()
  }

  /// Notifications that arrived, reading whatever the socket holds without waiting.
  /// - Throws: ``PGFailure`` when the connection is lost.
  func notifications() throws(PGFailure) -> [(channel: String, payload: String, pid: Int32)] {
    guard rpq_PQconsumeInput(raw) == 1 else { throw failure(nil) }
    var received: [(String, String, Int32)] = []
    while let notice = rpq_PQnotifies(raw) {
      received.append(
        (
          String(cString: notice.pointee.relname), String(cString: notice.pointee.extra),
          notice.pointee.be_pid
        ))
      rpq_PQfreemem(notice)
    }
    return received
  }

  /// Waits until the server sends something or `milliseconds` pass; `true` when readable.
  func waitReadable(milliseconds: Int32) -> Bool {
    var descriptor = pollfd(fd: rpq_PQsocket(raw), events: Int16(POLLIN), revents: 0)
    return poll(&descriptor, 1, milliseconds) > 0
  }

  // MARK: Results

  private func drainResults() throws(PGFailure) {
    var firstFailure: PGFailure?
    while let result = rpq_PQgetResult(raw) {
      do throws(PGFailure) {
        _ = try checked(result)
      } catch {
        firstFailure = firstFailure ?? error
      }
    }
    if let firstFailure { throw firstFailure }
  }

  private func checked(_ result: OpaquePointer?) throws(PGFailure) -> QueryResult {
    guard let result else { throw failure(nil) }
    let status = rpq_PQresultStatus(result)
    guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
      let error = failure(result)
      rpq_PQclear(result)
      throw error
    }
    return QueryResult(result)
  }

  private func failure(_ result: OpaquePointer?) -> PGFailure {
    if let result, let state = rpq_PQresultErrorField(result, Int32(UInt8(ascii: "C"))) {
      let primary = rpq_PQresultErrorField(result, Int32(UInt8(ascii: "M")))
      return PGFailure(
        state: String(cString: state),
        message: primary.map { String(cString: $0) }
          ?? Self.reason(
            String(cString: rpq_PQerrorMessage(raw))))
    }
    let reason = Self.reason(String(cString: rpq_PQerrorMessage(raw)))
    return PGFailure(
      state: "08006", message: "Lost the connection to PostgreSQL at \(place): \(reason)")
  }

  /// The first line of a libpq message, without libpq's `connection to server … failed:`.
  private static func reason(_ message: String) -> String {
    var line = message.split(separator: "\n").first.map(String.init) ?? "no reason given"
    if let range = line.range(of: " failed: ") { line = String(line[range.upperBound...]) }
    return line.trimmingCharacters(in: .whitespaces)
  }

  private static func place(_ connection: OpaquePointer) -> String {
    let host = rpq_PQhost(connection).map { String(cString: $0) } ?? "?"
    let port = rpq_PQport(connection).map { String(cString: $0) } ?? "?"
    return host.hasPrefix("/") ? "\(host) (port \(port))" : "\(host):\(port)"
  }
}
