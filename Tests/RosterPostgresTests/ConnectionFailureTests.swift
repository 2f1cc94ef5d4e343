import Foundation
import RosterTestSupport
import Testing

/// The built `roster` against servers it cannot use: it fails within 30 s with exit 1, one
/// line on standard error and nothing on standard output, and never prints a password.
@Suite struct ConnectionFailureTests {
  private func roster(_ arguments: [String], environment extra: [String: String] = [:]) throws
    -> (RosterBinary.Result, seconds: Double)
  {
    let binary = try RosterBinary.locate()
    let home = try TemporaryRosterHome(prefix: "roster-pg-fail", extra: extra)
    let start = Date()
    let result = try binary.run(arguments, environment: home.environment)
    return (result, Date().timeIntervalSince(start))
  }

  private func expectOneLineFailure(
    _ result: RosterBinary.Result, seconds: Double, secret: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(result.status == 1, sourceLocation: sourceLocation)
    #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
    #expect(
      result.stderr.hasPrefix("roster: ") && result.stderr.filter { $0 == "\n" }.count == 1,
      "\(result.stderr)", sourceLocation: sourceLocation)
    #expect(!result.stderr.contains(secret), "\(result.stderr)", sourceLocation: sourceLocation)
    #expect(seconds < 30, sourceLocation: sourceLocation)
  }

  /// A port nothing listens on: refused after ``Connection/refusedWait`` (3 s) of retrying.
  @Test func aServerThatIsNotThereFailsAtOnce() throws {
    let port = try BlackHole.freePort()
    let (result, seconds) = try roster([
      "--db", "postgresql://anna:hunter2secret@127.0.0.1:\(port)/roster", "lists",
    ])
    expectOneLineFailure(result, seconds: seconds, secret: "hunter2secret")
    #expect(result.stderr.contains("127.0.0.1:\(port)"), "\(result.stderr)")
  }

  /// A server that accepts the connection and never answers counts as unreachable.
  @Test func aServerThatNeverAnswersFailsWithin30Seconds() throws {
    let hole = try BlackHole()
    let (result, seconds) = try roster(
      ["lists"],
      environment: [
        "ROSTER_DB": "host=127.0.0.1 port=\(hole.port) dbname=roster user=anna password=pw-in-kw"
      ])
    expectOneLineFailure(result, seconds: seconds, secret: "pw-in-kw")
  }

  @Test func aWrongPasswordIsNeverPrinted() throws {
    let server = try TemporaryPostgres.shared()
    let uri = server.uri(database: "postgres", password: "wrong-Secret-99")
    let (result, seconds) = try roster(["--db", uri, "lists"])
    expectOneLineFailure(result, seconds: seconds, secret: "wrong-Secret-99")
    let fromVariable = try roster(
      ["--db", "host=127.0.0.1 port=\(server.port) dbname=postgres user=roster", "lists"],
      environment: ["PGPASSWORD": "env-Secret-77"])
    expectOneLineFailure(fromVariable.0, seconds: fromVariable.seconds, secret: "env-Secret-77")
  }

  @Test func aMalformedConnectionStringSaysSoWithoutQuotingIt() throws {
    let (result, seconds) = try roster(["--db", "host=x password 'sec ret", "lists"])
    expectOneLineFailure(result, seconds: seconds, secret: "sec ret")
    #expect(result.stderr.contains("malformed"))
  }

  @Test func aDatabaseWithoutTheSchemaAsksForDbInit() throws {
    let server = try TemporaryPostgres.shared()
    let uri = try server.makeDatabase()
    let (result, _) = try roster(["--db", uri, "lists"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("db init"))
    #expect(!result.stderr.contains(server.password))
  }

  @Test func aNewerSchemaIsRefused() throws {
    let server = try TemporaryPostgres.shared()
    let uri = try server.makeDatabase()
    #expect(try roster(["--db", uri, "db", "init"]).0.status == 0)
    try server.sql("UPDATE roster_schema SET version = 99", uri: uri)
    for command in [["lists"], ["db", "init"]] {
      let (result, _) = try roster(["--db", uri] + command)
      #expect(result.status == 1)
      #expect(
        result.stderr
          == "roster: The database has schema version 99, newer than this Roster understands.\n")
    }
  }
}

/// A TCP port on 127.0.0.1 that completes connections (the kernel's backlog) and never sends a
/// byte: a server that hangs.
final class BlackHole {
  let port: Int
  private let socket: Int32

  init() throws {
    (socket, port) = try Self.listening()
  }

  deinit { close(socket) }

  /// A port that was free a moment ago.
  static func freePort() throws -> Int {
    let (socket, port) = try listening()
    close(socket)
    return port
  }

  private static func listening() throws -> (Int32, Int) {
    let descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        bind(descriptor, pointer, length) == 0 && listen(descriptor, 16) == 0
          && getsockname(descriptor, pointer, &length) == 0
      }
    }
    guard bound else { throw CannotListen() }
    return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
  }
}

/// The test could not open a listening socket.
struct CannotListen: Error {}
