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

  /// Spawns `path` with standard output and error going to the file `output`, waits for it,
  /// and returns its raw wait status and wall time in seconds.
  private static func run(
    _ path: String, _ arguments: [String], environment: [String: String], into output: String
  ) throws -> (status: Int32, seconds: Double) {
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    var child: pid_t = 0
    let start = Stopwatch.now()
    let status = posix_spawn(&child, path, &actions, nil, argv, envp)
    guard status == 0 else {
      throw Failed(description: "Cannot run \(path): \(String(cString: strerror(status))).")
    }
    var exit: Int32 = 0
    while waitpid(child, &exit, 0) == -1, errno == EINTR {}
    return (exit, Double(Stopwatch.now() - start) / 1e9)
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
