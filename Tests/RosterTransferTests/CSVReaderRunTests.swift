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

/// Plain records (no quote, the whole line in the chunk) are read straight from the chunk; the
/// rest byte by byte. Both must give the same records, lines and errors.
@Suite struct CSVPlainRecordTests {
  func read(_ bytes: [UInt8]) throws(TransferError) -> [CSVReader.Record] {
    let file = try! TransferFile(Data(bytes))
    let reader = CSVReader(handle: file.handle, name: "plain.csv")
    var records: [CSVReader.Record] = []
    while let record = try reader.next() { records.append(record) }
    return records
  }

  @Test func plainAndQuotedRecordsKeepTheirFieldsAndLines() throws {
    let text = "a,b\r\n\r\n\"q,1\",x\nplain,,\rZoë,Müller\n\n\"multi\nline\",y\nlast,one"
    let records = try read(Array(text.utf8))
    #expect(
      records.map(\.fields) == [
        ["a", "b"], ["q,1", "x"], ["plain", "", ""], ["Zoë", "Müller"], ["multi\nline", "y"],
        ["last", "one"],
      ])
    #expect(records.map(\.line) == [1, 3, 4, 5, 7, 9])
  }

  @Test func aBadByteInAPlainRecordNamesItsLineAndByte() {
    // "ok\n" is 3 bytes; the bad byte is the 5th of the second line: offset 3 + 4.
    let bytes = Array("ok\nAnna,".utf8) + [0x5A, 0xC3, 0x28] + Array("x\n".utf8)
    #expect {
      try read(bytes)
    } throws: { error in
      guard case TransferError.malformed(_, 2, .invalidUTF8(let byte)) = error else {
        return false
      }
      return byte == 9
    }
  }

  @Test func aTruncatedFourByteSequenceIsRefusedThoughItsRepairIsAsLong() {
    // F0 9F 98 is one bad sequence that the standard library repairs into three bytes.
    #expect {
      try read([0x41, 0xF0, 0x9F, 0x98, 0x0A])
    } throws: { error in
      guard case TransferError.malformed(_, 1, .invalidUTF8(1)) = error else { return false }
      return true
    }
  }

  @Test func theMostFieldsAreReadAndOneMoreIsRefused() throws {
    let most = CSVReader.maximumFields
    let row = Array(repeating: "f", count: most).joined(separator: ",")
    #expect(try read(Array("\(row)\n".utf8)).first?.fields.count == most)
    #expect {
      try read(Array("\(row),f\n".utf8))
    } throws: { error in
      guard case TransferError.malformed(_, 1, .tooManyFields) = error else { return false }
      return true
    }
  }
}
