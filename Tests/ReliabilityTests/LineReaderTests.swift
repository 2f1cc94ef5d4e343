import Foundation
import RosterTransfer
import Testing

/// `check --json-lines` reads standard input with ``LineReader``.
@Suite struct LineReaderTests {
  /// Reads every line of `bytes`, written into a pipe by another thread; `nil` for a line
  /// too long to keep.
  func lines(of bytes: [UInt8]) throws -> [[UInt8]?] {
    let pipe = Pipe()
    let writer = Thread {
      pipe.fileHandleForWriting.write(Data(bytes))
      try? pipe.fileHandleForWriting.close()
    }
    writer.start()
    let reader = LineReader(handle: pipe.fileHandleForReading)
    var lines: [[UInt8]?] = []
    while let line = try reader.next() {
      guard case .text(let bytes) = line else {
        lines.append(nil)
        continue
      }
      lines.append(bytes)
    }
    return lines
  }

  @Test func linesSplitAcrossReadsComeBackWhole() throws {
    let long = [UInt8](repeating: 0x61, count: (1 << 16) - 1)
    // The CR of a CRLF at the end of one read and the LF at the start of the next.
    let input = long + [0x0D, 0x0A] + Array("\"Anna\"\n".utf8) + long + long + Array("x".utf8)
    let lines = try lines(of: input)
    #expect(lines.count == 3)
    #expect(lines[0] == long)
    #expect(lines[1] == Array("\"Anna\"".utf8))
    #expect(lines[2] == long + long + [0x78])
  }

  /// Regression: each read of 64 KiB searched the whole pending line again for its end, so
  /// a 10 MB line took 25 s (quadratic). Now every byte is searched once: a line just under
  /// the limit is read whole, and an 8 MB one is skipped, both quickly.
  @Test func longLinesAreReadInLinearTime() throws {
    let longest = [UInt8](repeating: 0x61, count: LineReader.maximumLength)
    let huge = [UInt8](repeating: 0x61, count: 8 << 20)
    let clock = ContinuousClock()
    let started = clock.now
    let lines = try lines(of: longest + [0x0A] + huge + [0x0A, 0x62, 0x0A])
    let elapsed = clock.now - started
    #expect(lines.count == 3)
    #expect(lines.first == longest)
    #expect(lines.dropFirst().first == .some(nil))
    #expect(lines.last == [0x62])
    #expect(elapsed < .seconds(5), "9 MB of lines read in \(elapsed)")
  }
}
