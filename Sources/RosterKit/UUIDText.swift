public import Foundation

/// Ids as the database stores them: lowercase `8-4-4-4-12` text, formatted and parsed by hand
/// because Foundation's `uuidString` goes through `printf`, too slow for a million rows.
public enum UUIDText {
  private static let digits = Array("0123456789abcdef".utf8)

  /// The lowercase text of `id`.
  ///
  /// ```swift
  /// UUIDText.string(id)   // "1f0c9a2e-5b7d-4c3e-9a1b-2c3d4e5f6a7b"
  /// ```
  /// - Complexity: O(1).
  public static func string(_ id: UUID) -> String {
    let u = id.uuid
    let bytes = [
      u.0, u.1, u.2, u.3, u.4, u.5, u.6, u.7, u.8, u.9, u.10, u.11, u.12, u.13, u.14, u.15,
    ]
    var text: [UInt8] = []
    text.reserveCapacity(36)
    for (index, byte) in bytes.enumerated() {
      if index == 4 || index == 6 || index == 8 || index == 10 { text.append(0x2D) }
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// Parses `8-4-4-4-12` hexadecimal text (either case); `nil` for anything else.
  /// - Complexity: O(1).
  public static func parse<Text: Collection<UInt8>>(_ text: Text) -> UUID? {
    guard text.count == 36 else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(16)
    var high: UInt8?
    for (index, character) in text.enumerated() {
      if index == 8 || index == 13 || index == 18 || index == 23 {
        guard character == 0x2D else { return nil }
        continue
      }
      let value: UInt8
      switch character {
      case 0x30...0x39: value = character - 0x30
      case 0x61...0x66: value = character - 0x61 + 10
      case 0x41...0x46: value = character - 0x41 + 10
      default: return nil
      }
      if let first = high {
        bytes.append(first << 4 | value)
        high = nil
      } else {
        high = value
      }
    }
    return UUID(
      uuid: (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8],
        bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
      ))
  }
}
