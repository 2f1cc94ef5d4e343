public import Foundation

/// A streaming RFC 4180 reader: quoted fields with commas, doubled quotes and line breaks; CRLF
/// or LF; an optional UTF-8 byte-order mark. Reads in chunks, so memory stays small whatever
/// the file's size; one field may hold at most ``maximumFieldBytes``.
///
/// ```swift
/// let reader = CSVReader(handle: try FileHandle(forReadingFrom: url), name: "names.csv")
/// while let record = try reader.next() { print(record.line, record.fields) }
/// ```
public final class CSVReader {
  /// One row and the line it starts on (1-based).
  public struct Record: Sendable {
    /// The 1-based line the record starts on (a quoted field may span several).
    public let line: Int
    /// The fields, unquoted, in order.
    public let fields: [String]
  }

  /// The longest field read, in bytes.
  public static let maximumFieldBytes = 1 << 16
  /// The most fields a record may have.
  public static let maximumFields = 64

  private enum State { case fieldStart, unquoted, quoted, quoteInQuoted }

  private let handle: FileHandle
  private var chunk: [UInt8] = []
  private var index = 0
  private var consumed = 0
  private var atEnd = false
  private var line = 1
  private var startedBOMCheck = false

  private let name: String

  /// A reader of `handle`, which it reads from its current offset on.
  /// - Parameters:
  ///   - handle: The file (or pipe) to read.
  ///   - name: The file's name in error messages.
  public init(handle: FileHandle, name: String) {
    self.handle = handle
    self.name = name
  }

  /// The next record, skipping blank lines; `nil` at the end of the file.
  /// - Throws: ``TransferError/malformed(file:line:reason:)`` with the line, or
  ///   ``TransferError/unreadable(file:reason:)``.
  /// - Complexity: O(n) in the record's length.
  public func next() throws(TransferError) -> Record? {
    if try fill(), let record = plainRecord() { return record }
    var fields: [String] = []
    var field: [UInt8] = []
    var fieldOffset = offset
    var state = State.fieldStart
    var recordLine = line
    func endField() throws(TransferError) {
      do throws(UTF8Text.Invalid) {
        fields.append(try UTF8Text.decode(field))
      } catch {
        throw .malformed(
          file: name, line: line,
          reason: .invalidUTF8(byte: fieldOffset + error.offset))
      }
      guard fields.count <= Self.maximumFields else {
        throw .malformed(
          file: name, line: recordLine, reason: .tooManyFields(limit: Self.maximumFields))
      }
      field.removeAll(keepingCapacity: true)
    }
    while let byte = try nextByte() {
      if state != .quoted, byte == 0x2C {
        try endField()
        state = .fieldStart
        fieldOffset = offset
        continue
      }
      if state != .quoted, byte == 0x0D || byte == 0x0A {
        if byte == 0x0D, try peekByte() == 0x0A { _ = try nextByte() }
        if fields.isEmpty, field.isEmpty, state == .fieldStart {
          line += 1  // a blank line
          recordLine = line
          fieldOffset = offset
          continue
        }
        try endField()
        line += 1
        return Record(line: recordLine, fields: fields)
      }
      switch (state, byte) {
      case (.fieldStart, 0x22):
        state = .quoted
        fieldOffset = offset
      case (.unquoted, 0x22):
        throw .malformed(
          file: name, line: line, reason: .quoteInUnquotedField)
      case (.fieldStart, _), (.unquoted, _):
        if state == .fieldStart { fieldOffset = offset - 1 }
        state = .unquoted
        try append(byte, to: &field, recordLine: recordLine)
        try appendPlainRun(to: &field, recordLine: recordLine)
      case (.quoted, 0x22):
        state = .quoteInQuoted
      case (.quoted, _):
        if byte == 0x0A { line += 1 }
        try append(byte, to: &field, recordLine: recordLine)
      case (.quoteInQuoted, 0x22):
        state = .quoted
        try append(byte, to: &field, recordLine: recordLine)
      case (.quoteInQuoted, _):
        throw .malformed(
          file: name, line: line,
          reason: .textAfterClosingQuote)
      }
    }
    if state == .quoted {
      throw .malformed(
        file: name, line: recordLine,
        reason: .unclosedQuote)
    }
    if fields.isEmpty, field.isEmpty, state == .fieldStart { return nil }
    try endField()
    return Record(line: recordLine, fields: fields)
  }

  /// The record at ``index`` when it is a plain one, read straight from the chunk: a whole
  /// line already read, with no quote, within the limits and valid UTF-8. Most records of most
  /// files are; anything else (a blank line, a quote, a line running past the chunk, a bad
  /// byte) is `nil`, and the byte-by-byte reader takes the record from the same place and
  /// gives the same fields or the same error.
  /// - Complexity: O(n) in the record's length.
  private func plainRecord() -> Record? {
    chunk.withUnsafeBufferPointer { bytes -> Record? in
      var end = index
      var commas = 0
      while end < bytes.count {
        let byte = bytes[end]
        if byte == 0x0A || byte == 0x0D { break }
        if byte == 0x22 { return nil }
        if byte == 0x2C { commas += 1 }
        end += 1
      }
      // A line break must be in the chunk, with the LF of a CRLF, and the line not blank.
      guard end < bytes.count, end > index, commas < Self.maximumFields else { return nil }
      var next = end + 1
      if bytes[end] == 0x0D {
        guard next < bytes.count else { return nil }
        if bytes[next] == 0x0A { next += 1 }
      }
      var fields: [String] = []
      fields.reserveCapacity(commas + 1)
      var start = index
      for position in index...end where position == end || bytes[position] == 0x2C {
        guard position - start <= Self.maximumFieldBytes,
          let field = UTF8Text.string(UnsafeBufferPointer(rebasing: bytes[start..<position]))
        else { return nil }
        fields.append(field)
        start = position + 1
      }
      let record = Record(line: line, fields: fields)
      index = next
      line += 1
      return record
    }
  }

  /// The bytes read so far, from where the reader started: its progress through the file.
  /// - Complexity: O(1).
  public var bytesRead: Int { offset }

  /// The 0-based offset in the file of the next byte.
  private var offset: Int { consumed + index }

  private func append(_ byte: UInt8, to field: inout [UInt8], recordLine: Int) throws(TransferError)
  {
    guard field.count < Self.maximumFieldBytes else {
      throw .malformed(
        file: name, line: recordLine,
        reason: .fieldTooLong(limit: Self.maximumFieldBytes))
    }
    field.append(byte)
  }

  /// Appends to an unquoted field, at once, the bytes already read that come before the next
  /// comma, line break or quote (which the byte-by-byte loop then handles): most of a file.
  private func appendPlainRun(to field: inout [UInt8], recordLine: Int) throws(TransferError) {
    let start = index
    let end = chunk.withUnsafeBufferPointer { bytes in
      var end = start
      while end < bytes.count {
        let byte = bytes[end]
        if byte == 0x2C || byte == 0x0A || byte == 0x0D || byte == 0x22 { break }
        end += 1
      }
      return end
    }
    guard end > start else { return }
    guard field.count + (end - start) <= Self.maximumFieldBytes else {
      throw .malformed(
        file: name, line: recordLine,
        reason: .fieldTooLong(limit: Self.maximumFieldBytes))
    }
    field.append(contentsOf: chunk[start..<end])
    index = end
  }

  private func nextByte() throws(TransferError) -> UInt8? {
    guard try fill() else { return nil }
    let byte = chunk[index]
    index += 1
    return byte
  }

  private func peekByte() throws(TransferError) -> UInt8? {
    guard try fill() else { return nil }
    return chunk[index]
  }

  /// Makes sure a byte is available; `false` at the end of the file.
  private func fill() throws(TransferError) -> Bool {
    if index < chunk.count { return true }
    guard !atEnd else { return false }
    consumed += chunk.count
    let data: Data
    do {
      data = try handle.read(upToCount: 1 << 20) ?? Data()
    } catch {
      throw .malformed(
        file: name, line: line, reason: .unreadable(error.localizedDescription))
    }
    chunk = Array(data)
    index = 0
    if !startedBOMCheck {
      startedBOMCheck = true
      if chunk.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }
    if chunk.isEmpty { atEnd = true }
    // A chunk that was only the byte-order mark holds no byte yet: read on.
    if !chunk.isEmpty, index == chunk.count { return try fill() }
    return !chunk.isEmpty
  }
}
