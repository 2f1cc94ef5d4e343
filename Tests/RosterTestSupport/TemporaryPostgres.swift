public import Foundation

/// A throwaway PostgreSQL 15 server for the tests of one process: started on first use by
/// `scripts/pg-cluster.sh`, stopped and removed when the process exits (by the script's
/// watcher, even when the process is killed). Each test asks it for
/// a fresh database with ``makeDatabase()``.
///
/// ```swift
/// let server = try TemporaryPostgres.shared()
/// let uri = try server.makeDatabase()      // postgresql://roster:…@127.0.0.1:PORT/t_…
/// ```
///
/// There is no silent skip: when no server can start, ``shared()`` throws and the test fails
/// with the script's own message.
public final class TemporaryPostgres: Sendable {
  /// Why no server could start.
  public struct StartFailure: Error, CustomStringConvertible {
    /// What the script printed.
    public let description: String
  }

  /// The cluster's folder.
  public let folder: URL
  /// The superuser's URI, to the `postgres` database.
  public let superuserURI: String
  /// The TCP port on 127.0.0.1.
  public let port: Int
  /// The folder of the server's Unix socket.
  public let socketFolder: String
  /// The superuser's password.
  public let password: String

  private static let started: Result<TemporaryPostgres, StartFailure> = start()

  /// The process's server, started on the first call.
  /// - Throws: ``StartFailure`` when it could not start.
  public static func shared() throws -> TemporaryPostgres {
    try started.get()
  }

  private init(folder: URL, superuserURI: String, port: Int, socketFolder: String) {
    self.folder = folder
    self.superuserURI = superuserURI
    self.port = port
    self.socketFolder = socketFolder
    let text = (try? String(contentsOf: folder.appendingPathComponent("password"), encoding: .utf8))
    password = text?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
  }

  /// A server of the caller's own, for a test that stops and resumes it (``stop()``,
  /// ``resume()``) without disturbing the tests on the shared one; the script's watcher removes
  /// it when the process exits.
  /// - Throws: ``StartFailure`` when it could not start.
  public static func dedicated() throws -> TemporaryPostgres {
    try start(shared: false).get()
  }

  /// Stops the server (`pg_ctl stop -m fast`): connections are closed, new ones refused.
  public func stop() throws { try script("stop") }

  /// Starts the stopped server again, on the same port.
  public func resume() throws { try script("resume") }

  private func script(_ action: String) throws {
    let path = RosterBinary.packageRoot.appendingPathComponent("scripts/pg-cluster.sh").path
    let run = try Self.shell(["bash", path, action, folder.path])
    guard run.status == 0 else { throw StartFailure(description: run.output) }
  }

  private static func start(shared: Bool = true) -> Result<TemporaryPostgres, StartFailure> {
    // Short: a Unix socket path must stay under 108 bytes.
    let folder = URL(fileURLWithPath: "/tmp/roster-pg-\(UUID().uuidString.prefix(8))")
    let script = RosterBinary.packageRoot.appendingPathComponent("scripts/pg-cluster.sh").path
    let run: (status: Int32, output: String)
    do {
      run = try shell(["bash", script, "start", folder.path, String(getpid())])
    } catch {
      return .failure(StartFailure(description: "Cannot run \(script): \(error)"))
    }
    guard run.status == 0 else {
      return .failure(
        StartFailure(description: "The PostgreSQL test server did not start:\n\(run.output)"))
    }
    var values: [String: String] = [:]
    for line in run.output.split(separator: "\n") {
      guard let equals = line.firstIndex(of: "=") else { continue }
      values[String(line[..<equals])] = String(line[line.index(after: equals)...])
    }
    guard let uri = values["uri"], let port = values["port"].flatMap(Int.init),
      let socket = values["socket"]
    else {
      return .failure(StartFailure(description: "pg-cluster.sh printed:\n\(run.output)"))
    }
    if shared { atexit { TemporaryPostgres.stopShared() } }
    return .success(
      TemporaryPostgres(folder: folder, superuserURI: uri, port: port, socketFolder: socket))
  }

  private static func stopShared() {
    guard case .success(let server) = started else { return }
    let script = RosterBinary.packageRoot.appendingPathComponent("scripts/pg-cluster.sh").path
    _ = try? shell(["bash", script, "stop", server.folder.path])
    try? FileManager.default.removeItem(at: server.folder)
  }

  /// A URI for `role` (password `password`) to `database` over TCP.
  public func uri(database: String, role: String = "roster", password: String? = nil) -> String {
    "postgresql://\(role):\(password ?? self.password)@127.0.0.1:\(port)/\(database)"
  }

  /// Creates a new, empty database and returns the superuser's URI to it.
  public func makeDatabase() throws -> String {
    let name = "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    try sql("CREATE DATABASE \(name)")
    return uri(database: name)
  }

  /// Runs `statements` with `psql` (stopping at the first error) as `uri`'s role, by default
  /// the superuser on `postgres`, and returns what it printed: unaligned rows, `|` between
  /// columns.
  /// - Throws: ``StartFailure`` with psql's message when a statement fails.
  @discardableResult
  public func sql(_ statements: String, uri: String? = nil) throws -> String {
    let result = try Self.shell(
      [
        "/usr/lib/postgresql/15/bin/psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1",
        "-d", uri ?? superuserURI, "-c", statements,
      ], separateErrors: true)
    guard result.status == 0 else { throw StartFailure(description: result.output) }
    return result.output
  }

  /// Runs a command to the end and returns its standard output (with standard error, unless
  /// `separateErrors`, in which case a failure returns standard error alone).
  ///
  /// Through ``ChildProcess``, output into files: `Process` cannot be waited for inside the
  /// one-time start of ``shared()``, and the server `pg_ctl` leaves running must not hold a
  /// pipe open.
  private static func shell(_ arguments: [String], separateErrors: Bool = false) throws -> (
    status: Int32, output: String
  ) {
    let result: (status: Int32, stdout: Data, stderr: Data)
    do {
      result = try ChildProcess.run("/usr/bin/env", arguments, mergeErrors: !separateErrors)
    } catch {
      throw StartFailure(description: "Cannot start \(arguments[0]): \(error)")
    }
    let chosen = result.status != 0 && separateErrors ? result.stderr : result.stdout
    return (result.status, String(decoding: chosen, as: UTF8.self))
  }
}
