import Foundation
import Testing

@testable import RosterTransfer

/// ``CSVReader`` takes the plain bytes of an unquoted field in runs: the runs must end where
/// the byte-by-byte reading would, at chunk ends and at the field-length limit too.
@Suite struct CSVReaderRunTests {
  func read(_ text: String) throws(TransferError) -> [CSVReader.Record] {
    let file = try! TransferFile(text)
    let reader = CSVReader(handle: file.handle, name: "runs.csv")
    var records: [CSVReader.Record] = []
    while let record = try reader.next() { records.append(record) }
    return records
  }

  @Test func fieldsAcrossAChunkEndAreWhole() throws {
    // The reader reads a megabyte at a time: 8 bytes short of it, a record begins.
    let fillers = (1 << 20) / 8 - 1
    let filler = String(repeating: "xxxxxxx\n", count: fillers)
    let records = try read(filler + "Anna Lindqvist,Staff\nZoë,\"a,b\"\r\nend")
    #expect(records.count == fillers + 3)
    #expect(
      records.suffix(3).map(\.fields) == [["Anna Lindqvist", "Staff"], ["Zoë", "a,b"], ["end"]])
    #expect(records.suffix(3).map(\.line) == [fillers + 1, fillers + 2, fillers + 3])
  }

  @Test func aFieldOfTheLimitIsReadAndOneByteMoreIsRefused() throws {
    let limit = CSVReader.maximumFieldBytes
    let longest = String(repeating: "a", count: limit)
    #expect(try read("first\n\(longest),b\n").last?.fields == [longest, "b"])
    #expect {
      try read("first\n\(longest)a,b\n")
    } throws: { error in
      guard case TransferError.malformed(_, let line, .fieldTooLong) = error else { return false }
      return line == 2
    }
  }

  @Test func aQuoteInsideAnUnquotedFieldIsStillRefused() {
    #expect {
      try read("Anna\nAn\"na,b\n")
    } throws: { error in
      guard case TransferError.malformed(_, let line, .quoteInUnquotedField) = error else {
        return false
      }
      return line == 2
    }
  }
}
