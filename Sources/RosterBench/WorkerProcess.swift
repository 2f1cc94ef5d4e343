import Foundation

/// This benchmark run again as a child process in a ``SharingWorker`` role (or the app in a
/// benchmark mode), read line by line.
final class WorkerProcess {
  private let child: pid_t
  private let output: FileHandle
  private let errors: URL
  private var buffer = Data()

  /// Starts `roster-bench ARGUMENTS` with standard output piped to ``nextLine()`` and standard
  /// error kept in a file for ``finish()``.
  convenience init(_ arguments: [String]) throws {
    try self.init(
      URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path, arguments,
      environment: ProcessInfo.processInfo.environment)
  }

  /// Starts `executable ARGUMENTS` (the app, for its benchmark modes) likewise.
  init(_ executable: String, _ arguments: [String], environment: [String: String]) throws {
    errors = FileManager.default.temporaryDirectory
      .appendingPathComponent("roster-bench-worker-\(UUID().uuidString)")
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else {
      throw Spawn.Failed(description: "Cannot make a pipe: \(String(cString: strerror(errno))).")
    }
    // The reading end stays here only; the writing end goes to this child only.
    _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
    defer { close(ends[1]) }
    output = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true)
    child = try Spawn.start(
      executable, arguments, environment: environment, output: nil,
      outputDescriptor: ends[1], errors: errors.path)
  }

  /// The next line the child printed, without its newline, or `nil` once it closed its output.
  /// Blocks until a whole line is there.
  func nextLine() -> String? {
    while true {
      if let newline = buffer.firstIndex(of: 10) {
        let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
        buffer.removeSubrange(buffer.startIndex...newline)
        return line
      }
      let more = output.availableData
      guard !more.isEmpty else { return nil }
      buffer.append(more)
    }
  }

  /// Waits for the child to exit and returns what it wrote to standard error.
  func finish() -> String {
    _ = Spawn.wait(child)
    defer { try? FileManager.default.removeItem(at: errors) }
    let text = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
    return text.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
