import Foundation
import Testing

/// The built `roster` executable, run as a subprocess.
struct RosterBinary {
  /// What one run printed and returned.
  struct Result {
    let stdout: String
    let stderr: String
    let status: Int32
  }

  let url: URL

  /// Finds `roster` next to the test bundle, or in the package's `.build/debug`; records a clear
  /// failure when it is missing.
  static func locate() throws -> RosterBinary {
    let packageRoot = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let candidates = [
      Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("roster"),
      Bundle.main.bundleURL.appendingPathComponent("roster"),
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("roster"),
      packageRoot.appendingPathComponent(".build/debug/roster"),
    ]
    guard
      let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
    else {
      throw BinaryMissing(searched: candidates.map(\.path))
    }
    return RosterBinary(url: found)
  }

  /// Thrown when the executable is not built.
  struct BinaryMissing: Error, CustomStringConvertible {
    let searched: [String]
    var description: String {
      "The roster executable is not built (run `swift build`); looked in: "
        + searched.joined(separator: ", ")
    }
  }

  /// Starts `roster` with `arguments`, without waiting; its output goes to `stdout` and
  /// `stderr` (file handles or pipes).
  func start(
    _ arguments: [String], environment: [String: String], stdin: Data? = nil,
    stdout: Any, stderr: Any
  ) throws -> Process {
    let process = Process()
    process.executableURL = url
    process.arguments = arguments
    process.environment = environment
    process.standardOutput = stdout
    process.standardError = stderr
    let input = Pipe()
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(stdin) }
    try input.fileHandleForWriting.close()
    return process
  }

  /// Runs `roster` with `arguments` to the end, its output captured in temporary files.
  func run(_ arguments: [String], environment: [String: String], stdin: Data? = nil) throws
    -> Result
  {
    let folder = FileManager.default.temporaryDirectory
    let outURL = folder.appendingPathComponent("roster-out-\(UUID().uuidString)")
    let errURL = folder.appendingPathComponent("roster-err-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    defer {
      try? FileManager.default.removeItem(at: outURL)
      try? FileManager.default.removeItem(at: errURL)
    }
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)
    let process = try start(
      arguments, environment: environment, stdin: stdin, stdout: out, stderr: err)
    process.waitUntilExit()
    try out.close()
    try err.close()
    return Result(
      stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self),
      status: process.terminationStatus)
  }
}
