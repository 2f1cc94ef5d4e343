import Foundation
import RosterTransfer
import Testing

/// `roster import` reads CSV with ``CSVReader``.
@Suite struct CSVReaderTests {
  /// The records of `bytes`, read from a temporary file.
  func records(of bytes: [UInt8]) throws -> [[String]] {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("reliability-\(UUID().uuidString).csv")
    try Data(bytes).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let reader = CSVReader(handle: try FileHandle(forReadingFrom: url), name: url.path)
    var records: [[String]] = []
    while let record = try reader.next() { records.append(record.fields) }
    return records
  }

  /// Regression, found by fuzzing: a file holding only a UTF-8 byte-order mark (an empty
  /// spreadsheet saved as “CSV UTF-8”) crashed `roster import` with an index out of range.
  @Test(
    arguments: [
      ([], []), ([0xEF, 0xBB, 0xBF], []), ([0xEF, 0xBB, 0xBF, 0x0D, 0x0A], []),
      ([0xEF, 0xBB, 0xBF, 0x41], [["A"]]), ([0xEF, 0xBB, 0xBF, 0x41, 0x2C, 0x0A], [["A", ""]]),
    ] as [([UInt8], [[String]])])
  func aByteOrderMarkAloneIsAnEmptyFile(bytes: [UInt8], expected: [[String]]) throws {
    #expect(try records(of: bytes) == expected)
  }
}
