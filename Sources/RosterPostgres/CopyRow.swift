import Foundation
import RosterKit

/// PostgreSQL's `COPY` text format, one row per line: fields separated by tabs, `\N` for NULL,
/// backslash escapes inside fields: how a list is loaded.
enum CopyRow {
  /// The fields of one line; `nil` fields are NULL.
  /// - Complexity: O(length of the line).
  static func fields(_ line: UnsafeBufferPointer<UInt8>) -> [String?] {
    var fields: [String?] = []
    var field: [UInt8] = []
    var isNull = false
    var index = 0
    func finish() {
      fields.append(isNull ? nil : String(decoding: field, as: UTF8.self))
      field.removeAll(keepingCapacity: true)
      isNull = false
    }
    while index < line.count {
      let byte = line[index]
      index += 1
      if byte == 9 {
        finish()
        continue
      }
      guard byte == 92, index < line.count else {
        field.append(byte)
        continue
      }
      let escaped = line[index]
      index += 1
      switch escaped {
      case UInt8(ascii: "N") where field.isEmpty: isNull = true
      case UInt8(ascii: "t"): field.append(9)
      case UInt8(ascii: "n"): field.append(10)
      case UInt8(ascii: "r"): field.append(13)
      case UInt8(ascii: "b"): field.append(8)
      case UInt8(ascii: "f"): field.append(12)
      case UInt8(ascii: "v"): field.append(11)
      case UInt8(ascii: "0")...UInt8(ascii: "7"):
        var value = Int(escaped - 48)
        for _ in 0..<2 where index < line.count && (48...55).contains(line[index]) {
          value = value * 8 + Int(line[index] - 48)
          index += 1
        }
        field.append(UInt8(truncatingIfNeeded: value))
      default: field.append(escaped)
      }
    }
    finish()
    return fields
  }

  /// An entry from a line of `id, text, category, created, updated`, read in place: fields
  /// without a backslash (nearly all) are decoded straight from the buffer.
  /// - Complexity: O(length of the line).
  static func entry(_ line: UnsafeBufferPointer<UInt8>) -> Entry? {
    var bounds: [Range<Int>] = []
    bounds.reserveCapacity(5)
    var start = 0
    var backslashes = false
    var escaped = false
    func close(_ end: Int) {
      let field = start..<end
      // `\N` alone is NULL; any other backslash is an escape for the slow path.
      if backslashes, !isNull(field) { escaped = true }
      bounds.append(field)
      backslashes = false
    }
    func isNull(_ field: Range<Int>) -> Bool {
      field.count == 2 && line[field.lowerBound] == 92 && line[field.lowerBound + 1] == 78
    }
    for index in 0..<line.count {
      if line[index] == 92 { backslashes = true }
      if line[index] == 9 {
        close(index)
        start = index + 1
      }
    }
    close(line.count)
    guard bounds.count == 5 else { return nil }
    if escaped { return slowEntry(line) }
    func slice(_ field: Int) -> UnsafeBufferPointer<UInt8> {
      UnsafeBufferPointer(rebasing: line[bounds[field]])
    }
    guard let id = uuid(slice(0)), let created = number(slice(3)),
      let updated = number(slice(4))
    else { return nil }
    return Entry(
      id: id, text: String(decoding: slice(1), as: UTF8.self),
      category: isNull(bounds[2]) ? nil : String(decoding: slice(2), as: UTF8.self),
      created: Date(timeIntervalSinceReferenceDate: created),
      updated: Date(timeIntervalSinceReferenceDate: updated))
  }

  /// The UUID PostgreSQL writes (`8-4-4-4-12` lowercase hexadecimal digits), parsed here
  /// rather than through RosterKit's generic parser, which is not specialized across modules.
  private static func uuid(_ text: UnsafeBufferPointer<UInt8>) -> UUID? {
    guard text.count == 36 else { return nil }
    var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var index = 0
    let valid = withUnsafeMutableBytes(of: &bytes) { output -> Bool in
      for byte in 0..<16 {
        if index == 8 || index == 13 || index == 18 || index == 23 { index += 1 }
        guard let high = hex(text[index]), let low = hex(text[index + 1]) else { return false }
        output[byte] = high << 4 | low
        index += 2
      }
      return true
    }
    return valid ? UUID(uuid: bytes) : nil
  }

  private static func hex(_ digit: UInt8) -> UInt8? {
    switch digit {
    case 48...57: digit - 48
    case 97...102: digit - 87
    case 65...70: digit - 55
    default: nil
    }
  }

  /// A double written in `text`, parsed by `strtod` from a small copy.
  private static func number(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
    guard text.count < 63 else { return nil }
    return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
      for index in 0..<text.count { buffer[index] = CChar(bitPattern: text[index]) }
      buffer[text.count] = 0
      var end: UnsafeMutablePointer<CChar>?
      let value = strtod(buffer.baseAddress!, &end)
      return end == buffer.baseAddress!.advanced(by: text.count) && text.count > 0 ? value : nil
    }
  }

  /// An entry from a line with escapes, through ``fields(_:)``.
  private static func slowEntry(_ line: UnsafeBufferPointer<UInt8>) -> Entry? {
    let fields = fields(line)
    guard fields.count == 5, let idText = fields[0], let id = UUIDText.parse(Array(idText.utf8)),
      let created = fields[3].flatMap(Double.init), let updated = fields[4].flatMap(Double.init)
    else { return nil }
    return Entry(
      id: id, text: fields[1] ?? "", category: fields[2],
      created: Date(timeIntervalSinceReferenceDate: created),
      updated: Date(timeIntervalSinceReferenceDate: updated))
  }
}
