import Foundation

/// This benchmark run again as a child process in a ``SharingWorker`` role, read line by line.
final class WorkerProcess {
  private let process = Process()
  private let output = Pipe()
  private let errors: URL
  private var buffer = Data()

  /// Starts `roster-bench ARGUMENTS` with standard output piped to ``nextLine()`` and standard
  /// error kept in a file for ``finish()``.
  init(_ arguments: [String]) throws {
    errors = FileManager.default.temporaryDirectory
      .appendingPathComponent("roster-bench-worker-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    process.arguments = arguments
    process.standardOutput = output
    process.standardError = try FileHandle(forWritingTo: errors)
    process.standardInput = FileHandle.nullDevice
    try process.run()
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
      let more = output.fileHandleForReading.availableData
      guard !more.isEmpty else { return nil }
      buffer.append(more)
    }
  }

  /// Waits for the child to exit and returns what it wrote to standard error.
  func finish() -> String {
    process.waitUntilExit()
    defer { try? FileManager.default.removeItem(at: errors) }
    let text = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
    return text.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
