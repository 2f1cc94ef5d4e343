import CSpawn
public import Foundation

/// A program run as a child process through `posix_spawn`, and waited for with `waitpid`.
///
/// Every test that runs a program goes through this rather than Foundation's `Process`: on
/// Linux, `Process.waitUntilExit()` spins the run loop, and once hung a whole test run at its
/// exit (100% CPU in `RunLoop.run`, for a child long gone). `waitpid` waits in the kernel.
public final class ChildProcess: @unchecked Sendable {
  /// Where one of the child's standard streams goes, or comes from.
  public enum Stream: Sendable {
    /// `/dev/null`.
    case null
    /// A file, created or truncated for output, read for input.
    case file(String)
    /// An open descriptor of this process (a pipe's end, say), duplicated into the child.
    case descriptor(Int32)
    /// Standard error only: wherever standard output goes.
    case standardOutput
  }

  /// Thrown when the program cannot be started.
  public struct StartFailure: Error, CustomStringConvertible {
    /// What failed, and the system's reason.
    public let description: String
  }

  /// The child's process id.
  public let pid: pid_t
  private let lock = NSLock()
  private var waitStatus: Int32?

  /// Starts `path` with `arguments`.
  /// - Parameters:
  ///   - path: The executable, absolute (no `PATH` search: run `/usr/bin/env` for that).
  ///   - arguments: Its arguments, without the program's name.
  ///   - environment: Its environment; this process's when `nil`.
  ///   - directory: Its working directory; this process's when `nil`.
  ///   - stdin: Its standard input.
  ///   - stdout: Its standard output.
  ///   - stderr: Its standard error.
  /// - Throws: ``StartFailure`` when `posix_spawn` fails.
  public init(
    _ path: String, _ arguments: [String], environment: [String: String]? = nil,
    directory: String? = nil, stdin: Stream = .null, stdout: Stream = .null,
    stderr: Stream = .null
  ) throws {
    let cArguments = ([path] + arguments).map { strdup($0) } + [nil]
    let cEnvironment =
      (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") }
      + [nil]
    defer {
      for pointer in cArguments + cEnvironment { free(pointer) }
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    Self.redirect(0, to: stdin, input: true, in: &actions)
    Self.redirect(1, to: stdout, input: false, in: &actions)
    Self.redirect(2, to: stderr, input: false, in: &actions)
    _ = roster_spawn_close_from(&actions, 3)
    if let directory { _ = roster_spawn_chdir(&actions, directory) }
    var child: pid_t = 0
    let status = posix_spawn(&child, path, &actions, nil, cArguments, cEnvironment)
    guard status == 0 else {
      throw StartFailure(description: "Cannot run \(path): \(String(cString: strerror(status))).")
    }
    pid = child
  }

  private static func redirect(
    _ target: Int32, to stream: Stream, input: Bool, in actions: inout posix_spawn_file_actions_t
  ) {
    let flags = input ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC
    switch stream {
    case .null:
      posix_spawn_file_actions_addopen(&actions, target, "/dev/null", flags, 0)
    case .file(let path):
      posix_spawn_file_actions_addopen(&actions, target, path, flags, 0o600)
    case .descriptor(let descriptor):
      posix_spawn_file_actions_adddup2(&actions, descriptor, target)
    case .standardOutput:
      posix_spawn_file_actions_adddup2(&actions, 1, target)
    }
  }

  /// Makes a pipe whose two ends are closed in every program another library of this process
  /// starts, so that a reader sees its end. (A ``ChildProcess`` closes them anyway, unless
  /// given one as a ``Stream/descriptor(_:)``.)
  /// - Returns: The reading and the writing descriptor.
  public static func pipe() throws -> (read: Int32, write: Int32) {
    var ends: [Int32] = [0, 0]
    guard Glibc.pipe(&ends) == 0 else {
      throw StartFailure(description: "Cannot make a pipe: \(String(cString: strerror(errno))).")
    }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return (ends[0], ends[1])
  }

  /// Sends `signal` to the child (nothing when it has already been waited for).
  public func signal(_ signal: Int32) {
    lock.withLock {
      if waitStatus == nil { _ = kill(pid, signal) }
    }
  }

  /// Whether the child is still running; reaps it when it has ended.
  public var isRunning: Bool {
    lock.withLock {
      guard waitStatus == nil else { return false }
      var status: Int32 = 0
      if waitpid(pid, &status, WNOHANG) == pid { waitStatus = status }
      return waitStatus == nil
    }
  }

  /// Waits for the child to end.
  /// - Returns: Its exit status, or 128 plus the signal that ended it.
  @discardableResult
  public func wait() -> Int32 {
    let status: Int32 = lock.withLock {
      if let waitStatus { return waitStatus }
      var status: Int32 = 0
      while waitpid(pid, &status, 0) == -1, errno == EINTR {}
      waitStatus = status
      return status
    }
    // WIFEXITED: the low seven bits are 0, and WEXITSTATUS is the next byte.
    return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  }

  /// Runs `path` to the end with standard output and error captured, through temporary files
  /// (so that a daemon it leaves running holds no pipe of ours).
  /// - Parameters:
  ///   - path: The executable, absolute.
  ///   - arguments: Its arguments.
  ///   - environment: Its environment; this process's when `nil`.
  ///   - directory: Its working directory; this process's when `nil`.
  ///   - input: Its standard input; empty when `nil`.
  ///   - mergeErrors: Whether standard error goes into the output, in order.
  /// - Returns: The exit status (128 plus a signal), standard output and standard error (empty
  ///   when merged).
  /// - Throws: ``StartFailure``, or the error of writing the input file.
  public static func run(
    _ path: String, _ arguments: [String], environment: [String: String]? = nil,
    directory: String? = nil, input: Data? = nil, mergeErrors: Bool = false
  ) throws -> (status: Int32, stdout: Data, stderr: Data) {
    let folder = FileManager.default.temporaryDirectory.path
    let name = UUID().uuidString
    let inPath = "\(folder)/roster-child-in-\(name)"
    let outPath = "\(folder)/roster-child-out-\(name)"
    let errPath = "\(folder)/roster-child-err-\(name)"
    defer {
      for file in [inPath, outPath, errPath] { unlink(file) }
    }
    if let input { try input.write(to: URL(fileURLWithPath: inPath)) }
    let child = try ChildProcess(
      path, arguments, environment: environment, directory: directory,
      stdin: input == nil ? .null : .file(inPath), stdout: .file(outPath),
      stderr: mergeErrors ? .standardOutput : .file(errPath))
    let status = child.wait()
    let output = FileManager.default.contents(atPath: outPath) ?? Data()
    let errors = mergeErrors ? Data() : FileManager.default.contents(atPath: errPath) ?? Data()
    return (status, output, errors)
  }
}
