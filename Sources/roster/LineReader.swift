import Foundation

/// Reads a file descriptor line by line as bytes (LF or CRLF), calling `willBlock` before each
/// read so that answers to earlier lines go out first.
final class LineReader {
  private let handle: FileHandle
  private let willBlock: () -> Void
  private var buffer: [UInt8] = []
  private var start = 0
  private var atEnd = false

  init(handle: FileHandle, willBlock: @escaping () -> Void = {}) {
    self.handle = handle
    self.willBlock = willBlock
  }

  /// One line of input.
  enum Line {
    /// The line's bytes, without its line end.
    case text([UInt8])
    /// A line longer than ``maximumLength``, skipped without keeping it in memory.
    case tooLong
  }

  /// The longest line kept; longer ones come back as ``Line/tooLong``.
  static let maximumLength = 1 << 20

  /// The next line, or `nil` at the end of input.
  func next() throws -> Line? {
    var overlong = false
    while true {
      if let newline = buffer[start...].firstIndex(of: 0x0A) {
        var end = newline
        if end > start, buffer[end - 1] == 0x0D { end -= 1 }
        defer { start = newline + 1 }
        if overlong || end - start > Self.maximumLength { return .tooLong }
        return .text(Array(buffer[start..<end]))
      }
      if atEnd {
        guard start < buffer.count || overlong else { return nil }
        let line = Array(buffer[start...])
        start = buffer.count
        return overlong ? .tooLong : .text(line)
      }
      if buffer.count - start > Self.maximumLength {
        overlong = true
        buffer.removeAll(keepingCapacity: true)
      } else {
        buffer.removeFirst(start)
      }
      start = 0
      willBlock()
      let chunk = try handle.read(upToCount: 1 << 16) ?? Data()
      if chunk.isEmpty { atEnd = true }
      buffer.append(contentsOf: chunk)
    }
  }
}
