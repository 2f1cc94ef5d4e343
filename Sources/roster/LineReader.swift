import Foundation

/// Reads a file descriptor line by line as bytes (LF or CRLF), calling `willBlock` before each
/// read so that answers to earlier lines go out first.
final class LineReader {
  private let handle: FileHandle
  private let willBlock: () -> Void
  private var buffer: [UInt8] = []
  private var start = 0
  /// Where to look for the next line end: bytes before it were searched already, so a long
  /// line arriving in many reads is scanned once, not once per read.
  private var searched = 0
  private var atEnd = false

  init(handle: FileHandle, willBlock: @escaping () -> Void = {}) {
    self.handle = handle
    self.willBlock = willBlock
  }

  /// The next line without its line end, or `nil` at the end of input.
  func next() throws -> [UInt8]? {
    while true {
      if let newline = buffer[max(start, searched)...].firstIndex(of: 0x0A) {
        var end = newline
        if end > start, buffer[end - 1] == 0x0D { end -= 1 }
        let line = Array(buffer[start..<end])
        start = newline + 1
        searched = start
        return line
      }
      searched = buffer.count
      if atEnd {
        guard start < buffer.count else { return nil }
        let line = Array(buffer[start...])
        start = buffer.count
        return line
      }
      buffer.removeFirst(start)
      searched -= start
      start = 0
      willBlock()
      let chunk = try handle.read(upToCount: 1 << 16) ?? Data()
      if chunk.isEmpty { atEnd = true }
      buffer.append(contentsOf: chunk)
    }
  }
}
