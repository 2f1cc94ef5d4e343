import Foundation
import Testing

@testable import RosterTransfer

/// ``CSVReader/recordBound(of:)``: never fewer than the records, whatever the line breaks.
@Suite struct CSVRecordBoundTests {
  @Test(
    arguments: [
      ("", 1, 0), ("a", 1, 1), ("a\n", 2, 1), ("a\nb", 2, 2), ("a\r\nb\r\n", 3, 2),
      ("a\rb\rc", 3, 3), ("a\r\n\r\nb", 3, 2), ("\"x\ny\",z\n", 3, 1),
    ])
  func theBoundCountsLineBreaks(text: String, bound: Int, records: Int) throws {
    let file = try TransferFile(text)
    #expect(CSVReader.recordBound(of: file.handle) == bound)
    // The handle is back at the start: the reader still reads every record.
    let reader = CSVReader(handle: file.handle, name: "bound.csv")
    var read = 0
    while try reader.next() != nil { read += 1 }
    #expect(read == records)
    #expect(read <= bound)
  }

  /// The bound reads a megabyte at a time: a CRLF split between two reads is one line break,
  /// and a read without a CR counts its line feeds alone.
  @Test func aCRLFAcrossTwoReadsIsOneLineBreak() throws {
    let chunk = 1 << 20
    let first = String(repeating: "a", count: chunk - 1) + "\r"
    let file = try TransferFile(first + "\nb\nc\n" + String(repeating: "d\n", count: 10))
    #expect(CSVReader.recordBound(of: file.handle) == 1 + 13)
  }
}
