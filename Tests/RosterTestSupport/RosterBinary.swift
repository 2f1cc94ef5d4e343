public import Foundation

/// The built `roster` executable, run as a subprocess.
public struct RosterBinary: Sendable {
  /// What one run printed and returned.
  public struct Result: Sendable {
    /// Everything written to standard output.
    public let stdout: String
    /// Everything written to standard error.
    public let stderr: String
    /// The exit status.
    public let status: Int32
  }

  /// The executable.
  public let url: URL

  /// The executable at `url`: a copy of the built one, say.
  public init(url: URL) {
    self.url = url
  }

  /// The package's root folder (where `Package.swift` is).
  public static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Finds `roster` next to the test bundle, or in the package's `.build/debug`.
  /// - Throws: ``BinaryMissing`` when it is not built.
  public static func locate() throws -> RosterBinary {
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
  public struct BinaryMissing: Error, CustomStringConvertible {
    /// The paths looked in.
    public let searched: [String]

    /// What to do about it.
    public var description: String {
      "The roster executable is not built (run `swift build`); looked in: "
        + searched.joined(separator: ", ")
    }
  }

  /// Starts `roster` with `arguments`, without waiting; its output goes to `stdout` and
  /// `stderr` (file handles or pipes).
  public func start(
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
  public func run(_ arguments: [String], environment: [String: String], stdin: Data? = nil)
    throws -> Result
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
