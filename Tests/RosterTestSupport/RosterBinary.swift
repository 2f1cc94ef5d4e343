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

  /// Starts `roster` with `arguments`, without waiting.
  /// - Parameters:
  ///   - arguments: What follows `roster` on the command line.
  ///   - environment: Its whole environment.
  ///   - stdin: Its standard input; empty when `nil`.
  ///   - stdout: Where its standard output goes.
  ///   - stderr: Where its standard error goes.
  /// - Returns: The running process.
  /// - Throws: ``ChildProcess/StartFailure``, or the error of writing `stdin` to a file.
  public func start(
    _ arguments: [String], environment: [String: String], stdin: Data? = nil,
    stdout: ChildProcess.Stream, stderr: ChildProcess.Stream
  ) throws -> ChildProcess {
    guard let stdin else {
      return try ChildProcess(
        url.path, arguments, environment: environment, stdout: stdout, stderr: stderr)
    }
    let input = FileManager.default.temporaryDirectory
      .appendingPathComponent("roster-in-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: input) }
    try stdin.write(to: input)
    // The child has the file open once started, so it can go at once.
    return try ChildProcess(
      url.path, arguments, environment: environment, stdin: .file(input.path), stdout: stdout,
      stderr: stderr)
  }

  /// Runs `roster` with `arguments` to the end, its output captured in temporary files.
  public func run(_ arguments: [String], environment: [String: String], stdin: Data? = nil)
    throws -> Result
  {
    let (status, output, errors) = try ChildProcess.run(
      url.path, arguments, environment: environment, input: stdin)
    return Result(
      stdout: String(decoding: output, as: UTF8.self),
      stderr: String(decoding: errors, as: UTF8.self), status: status)
  }
}
