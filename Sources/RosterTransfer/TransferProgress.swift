import Foundation

/// How far a long import, export or print has come, as a progress bar shows it.
///
/// An ``ImportPlan``, ``ExportWriter/write(_:total:to:progress:)`` and the PDF renderer call a
/// ``TransferProgress/Handler`` now and then (every ``interval`` rows or so); the handler
/// returns `false` to cancel, and the work then stops and writes nothing.
///
/// ```swift
/// let summary = try plan.run(reading: handle, name: "big.csv", into: batch, progress: { step in
///   bar.fraction = step.fraction ?? 0
///   return !cancelButtonPressed      // false: stop, import nothing
/// }) { refusal in print(refusal) }
/// ```
public struct TransferProgress: Equatable, Sendable {
  /// Called with the progress; returns whether to go on.
  public typealias Handler = (TransferProgress) -> Bool

  /// The rows, entries or pages done so far.
  public var done: Int
  /// How much of the whole is done, from 0 to 1, when the whole is known (a file's size, a
  /// list's count).
  public var fraction: Double?

  /// How many rows pass between two calls of a handler.
  public static let interval = 4096

  /// A progress from its parts.
  public init(done: Int, fraction: Double?) {
    self.done = done
    self.fraction = fraction
  }

  /// The size of a regular file at `handle`, or `nil` for a pipe or a terminal.
  static func size(of handle: FileHandle) -> Int? {
    var status = stat()
    guard fstat(handle.fileDescriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      return nil
    }
    return Int(status.st_size)
  }
}
