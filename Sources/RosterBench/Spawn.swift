import Foundation

/// Runs a program as a child process with `posix_spawn` and times it, so that what is measured
/// is the program (exec, dynamic loading, its work, exit) and not Foundation's `Process`.
enum Spawn {
  struct Failed: Error, CustomStringConvertible {
    let description: String
  }

  /// Runs `path` with `arguments` and `environment`, output to `/dev/null`, and returns its wall
  /// time in seconds.
  /// - Throws: ``Failed`` when it cannot start or exits with a status other than 0.
  /// - Complexity: One process.
  static func seconds(_ path: String, _ arguments: [String], environment: [String: String])
    throws -> Double
  {
    let (exit, elapsed) = try run(path, arguments, environment: environment, into: "/dev/null")
    // WIFEXITED and WEXITSTATUS: the low seven bits are 0 and the status is in the next byte.
    guard exit & 0x7F == 0, (exit >> 8) & 0xFF == 0 else {
      throw Failed(
        description: "\(path) \(arguments.joined(separator: " ")) failed (status \(exit)).")
    }
    return elapsed
  }

  /// Runs `path` to the end and returns what it wrote to standard output and error (through a
  /// file, so that a daemon it leaves running holds no pipe of ours).
  /// - Throws: ``Failed``, with the output, when it exits with a status other than 0.
  static func output(_ path: String, _ arguments: [String], environment: [String: String])
    throws -> String
  {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("roster-bench-\(UUID().uuidString)").path
    defer { unlink(file) }
    let (exit, _) = try run(path, arguments, environment: environment, into: file)
    let text = String(decoding: FileManager.default.contents(atPath: file) ?? Data(), as: UTF8.self)
    guard exit & 0x7F == 0, (exit >> 8) & 0xFF == 0 else {
      throw Failed(description: "\(path) \(arguments.joined(separator: " ")) failed: \(text)")
    }
    return text
  }

  /// Runs `path` to the end with standard output into the file `output` and standard error
  /// discarded, and returns its exit status (128 plus the signal that ended it).
  /// - Throws: ``Failed`` when it cannot start.
  static func status(
    _ path: String, _ arguments: [String], environment: [String: String], output: String
  ) throws -> Int32 {
    let child = try start(path, arguments, environment: environment, output: output, errors: nil)
    return exitStatus(wait(child))
  }

  /// Spawns `path` with standard output and error going to the file `output`, waits for it,
  /// and returns its raw wait status and wall time in seconds.
  private static func run(
    _ path: String, _ arguments: [String], environment: [String: String], into output: String
  ) throws -> (status: Int32, seconds: Double) {
    let begin = Stopwatch.now()
    let child = try start(path, arguments, environment: environment, output: output, errors: output)
    let exit = wait(child)
    return (exit, Double(Stopwatch.now() - begin) / 1e9)
  }

  /// Spawns `path`, standard input from `/dev/null`, standard output into the file `output`
  /// (or the descriptor `outputDescriptor`), standard error into the file `errors` (the same
  /// place as the output when it is `output`, `/dev/null` when `nil`).
  /// - Returns: The child's process id, for ``wait(_:)``.
  /// - Throws: ``Failed`` when it cannot start.
  static func start(
    _ path: String, _ arguments: [String], environment: [String: String], output: String?,
    outputDescriptor: Int32? = nil, errors: String?
  ) throws -> pid_t {
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    let writing = O_WRONLY | O_CREAT | O_TRUNC
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    if let outputDescriptor {
      posix_spawn_file_actions_adddup2(&actions, outputDescriptor, 1)
    } else {
      posix_spawn_file_actions_addopen(&actions, 1, output ?? "/dev/null", writing, 0o600)
    }
    if let errors, errors == output {
      posix_spawn_file_actions_adddup2(&actions, 1, 2)
    } else {
      posix_spawn_file_actions_addopen(&actions, 2, errors ?? "/dev/null", writing, 0o600)
    }
    var child: pid_t = 0
    let status = posix_spawn(&child, path, &actions, nil, argv, envp)
    guard status == 0 else {
      throw Failed(description: "Cannot run \(path): \(String(cString: strerror(status))).")
    }
    return child
  }

  /// Waits for `child` to end and returns its raw wait status.
  static func wait(_ child: pid_t) -> Int32 {
    var status: Int32 = 0
    while waitpid(child, &status, 0) == -1, errno == EINTR {}
    return status
  }

  /// A raw wait status as an exit status: WEXITSTATUS, or 128 plus the signal.
  static func exitStatus(_ status: Int32) -> Int32 {
    status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  }

  /// The release `roster` built next to this executable.
  /// - Throws: ``Failed`` when it is not built.
  static func roster() throws -> String {
    let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    let roster = executable.deletingLastPathComponent().appendingPathComponent("roster").path
    guard FileManager.default.isExecutableFile(atPath: roster) else {
      throw Failed(
        description: "No roster binary at \(roster): run `swift build -c release` first.")
    }
    return roster
  }

  /// The `sqlite3` shell on `$PATH`, the benchmarks' baseline.
  /// - Throws: ``Failed`` when it is not installed.
  static func sqlite3() throws -> String {
    guard let sqlite = find("sqlite3") else {
      throw Failed(description: "No sqlite3 on $PATH: run `bash scripts/install-deps.sh bench`.")
    }
    return sqlite
  }

  /// The first executable called `name` on `$PATH`, or `nil`.
  static func find(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }
}
