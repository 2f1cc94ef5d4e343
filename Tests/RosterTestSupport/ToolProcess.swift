public import Foundation

/// A command-line tool run to its end, as a person would run it from a shell: `pdftotext`,
/// `script`.
public enum ToolProcess {
  /// Runs `path` with `arguments`, standard input empty, standard error discarded.
  /// - Parameters:
  ///   - path: The executable.
  ///   - arguments: Its arguments.
  ///   - environment: Its environment; this process's when `nil`.
  /// - Returns: Everything it wrote to standard output, and its exit status.
  /// - Throws: The error of starting it (no such executable).
  public static func run(
    _ path: String, _ arguments: [String], environment: [String: String]? = nil
  ) throws -> (output: Data, status: Int32) {
    let (status, output, _) = try ChildProcess.run(path, arguments, environment: environment)
    return (output, status)
  }
}
