import Foundation

/// Bytes as the lowercase hex text of PostgreSQL's `encode(…, 'hex')` and `decode(…, 'hex')`:
/// how `bytea` values travel as the text parameters and columns ``Connection`` deals in,
/// whatever the server's `bytea_output` setting.
///
/// ```swift
/// HexBytes.text([0xB1, 0x00])   // "b100"
/// HexBytes.bytes("b100")        // Data([0xB1, 0x00])
/// ```
enum HexBytes {
  private static let digits = Array("0123456789abcdef".utf8)

  /// Two hex digits per byte.
  /// - Complexity: O(n).
  static func text(_ bytes: [UInt8]) -> String {
    String(unsafeUninitializedCapacity: bytes.count * 2) { buffer in
      for (index, byte) in bytes.enumerated() {
        buffer[2 * index] = digits[Int(byte >> 4)]
        buffer[2 * index + 1] = digits[Int(byte & 0x0F)]
      }
      return bytes.count * 2
    }
  }

  /// The bytes `text` spells, or `nil` when it is not an even number of hex digits.
  /// - Complexity: O(n).
  static func bytes(_ text: String) -> Data? {
    var text = text
    return text.withUTF8 { utf8 -> Data? in
      guard utf8.count % 2 == 0 else { return nil }
      var data = Data(count: utf8.count / 2)
      let valid = data.withUnsafeMutableBytes { raw -> Bool in
        for index in 0..<raw.count {
          guard let high = value(utf8[2 * index]), let low = value(utf8[2 * index + 1]) else {
            return false
          }
          raw[index] = high << 4 | low
        }
        return true
      }
      return valid ? data : nil
    }
  }

  /// The value of one hex digit, either case.
  private static func value(_ digit: UInt8) -> UInt8? {
    switch digit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
