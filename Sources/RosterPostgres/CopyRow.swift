import Foundation
import RosterKit

/// PostgreSQL's `COPY` text format, one row per line: fields separated by tabs, `\N` for NULL,
/// backslash escapes inside fields. Reads entries out and writes them in.
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

  /// An entry from a line of `id, text, category, created, updated`.
  static func entry(_ line: UnsafeBufferPointer<UInt8>) -> Entry? {
    let fields = fields(line)
    guard fields.count == 5, let idText = fields[0], let id = UUIDText.parse(Array(idText.utf8)),
      let created = fields[3].flatMap(Double.init), let updated = fields[4].flatMap(Double.init)
    else { return nil }
    return Entry(
      id: id, text: fields[1] ?? "", category: fields[2],
      created: Date(timeIntervalSinceReferenceDate: created),
      updated: Date(timeIntervalSinceReferenceDate: updated))
  }

  /// Appends one line of `fields` to `data`, escaped.
  static func append(_ fields: [String?], to data: inout [UInt8]) {
    for (index, field) in fields.enumerated() {
      if index > 0 { data.append(9) }
      guard let field else {
        data.append(contentsOf: [92, UInt8(ascii: "N")])
        continue
      }
      for byte in field.utf8 {
        switch byte {
        case 92: data.append(contentsOf: [92, 92])
        case 9: data.append(contentsOf: [92, UInt8(ascii: "t")])
        case 10: data.append(contentsOf: [92, UInt8(ascii: "n")])
        case 13: data.append(contentsOf: [92, UInt8(ascii: "r")])
        default: data.append(byte)
        }
      }
    }
    data.append(10)
  }
}
