public import Foundation

/// Reads a file descriptor line by line as bytes (LF or CRLF), calling `willBlock` before each
/// read so that answers to earlier lines go out first.
///
/// ```swift
/// let reader = LineReader(handle: .standardInput) { output.flush() }
/// while let line = try reader.next() { … }
/// ```
public final class LineReader {
  private let handle: FileHandle
  private let willBlock: () -> Void
  private var buffer: [UInt8] = []
  private var start = 0
  /// Where to look for the next line end: bytes before it were searched already, so a long
  /// line arriving in many reads is scanned once, not once per read.
  private var searched = 0
  private var atEnd = false

  /// A reader of `handle`; `willBlock` runs before every read that may wait for input.
  public init(handle: FileHandle, willBlock: @escaping () -> Void = {}) {
    self.handle = handle
    self.willBlock = willBlock
  }

  /// One line of input.
  public enum Line: Equatable, Sendable {
    /// The line's bytes, without its line end.
    case text([UInt8])
    /// A line longer than ``maximumLength``, skipped without keeping it in memory.
    case tooLong
  }

  /// The longest line kept; longer ones come back as ``Line/tooLong``.
  public static let maximumLength = 1 << 20

  /// The next line, or `nil` at the end of input.
  /// - Throws: The error of a read that failed.
  /// - Complexity: O(n) in the line's length: each byte is searched once.
  public func next() throws -> Line? {
    var overlong = false
    while true {
      if let newline = buffer[max(start, searched)...].firstIndex(of: 0x0A) {
        var end = newline
        if end > start, buffer[end - 1] == 0x0D { end -= 1 }
        defer {
          start = newline + 1
          searched = start
        }
        if overlong || end - start > Self.maximumLength { return .tooLong }
        return .text(Array(buffer[start..<end]))
      }
      searched = buffer.count
      if atEnd {
        guard start < buffer.count || overlong else { return nil }
        let line = Array(buffer[start...])
        start = buffer.count
        return overlong ? .tooLong : .text(line)
      }
      if buffer.count - start > Self.maximumLength {
        overlong = true
        buffer.removeAll(keepingCapacity: true)
        searched = 0
      } else {
        buffer.removeFirst(start)
        searched -= start
      }
      start = 0
      willBlock()
      let chunk = try handle.read(upToCount: 1 << 16) ?? Data()
      if chunk.isEmpty { atEnd = true }
      buffer.append(contentsOf: chunk)
    }
  }
}
