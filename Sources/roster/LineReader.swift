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

  /// The next line without its line end, or `nil` at the end of input.
  func next() throws -> [UInt8]? {
    while true {
      if let newline = buffer[start...].firstIndex(of: 0x0A) {
        var end = newline
        if end > start, buffer[end - 1] == 0x0D { end -= 1 }
        let line = Array(buffer[start..<end])
        start = newline + 1
        return line
      }
      if atEnd {
        guard start < buffer.count else { return nil }
        let line = Array(buffer[start...])
        start = buffer.count
        return line
      }
      buffer.removeFirst(start)
      start = 0
      willBlock()
      let chunk = try handle.read(upToCount: 1 << 16) ?? Data()
      if chunk.isEmpty { atEnd = true }
      buffer.append(contentsOf: chunk)
    }
  }
}
