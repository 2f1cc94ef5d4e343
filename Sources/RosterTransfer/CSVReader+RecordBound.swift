public import Foundation

extension CSVReader {
  /// At most how many records a file holds from `handle`'s offset on: its line breaks (CR, LF
  /// or CRLF), plus one for a last line without one. The handle is put back where it was.
  ///
  /// An import that knows the bound ahead can prepare for its size (a store draws its fresh
  /// ids in increasing order, say); blank lines and line breaks inside quotes only make the
  /// bound larger than the true count.
  /// - Returns: The bound, or `nil` when the file cannot be read or is not seekable.
  /// - Complexity: O(n) in the file's size, a megabyte at a time.
  public static func recordBound(of handle: FileHandle) -> Int? {
    guard let start = try? handle.offset() else { return nil }
    defer { try? handle.seek(toOffset: start) }
    var lines = 1
    var afterCR = false
    while let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty {
      chunk.withUnsafeBytes { bytes in
        guard memchr(bytes.baseAddress!, 0x0D, bytes.count) != nil else {
          // No CR (most files): the line feeds, counted in a loop the compiler vectorizes.
          var feeds = 0
          for byte in bytes { feeds &+= byte == 0x0A ? 1 : 0 }
          lines += feeds - (afterCR && bytes.first == 0x0A ? 1 : 0)
          afterCR = false
          return
        }
        for byte in bytes {
          // CR, LF and CRLF each end a line, as for the reader.
          if byte == 0x0D || (byte == 0x0A && !afterCR) { lines += 1 }
          afterCR = byte == 0x0D
        }
      }
    }
    return lines
  }
}
