import Foundation

/// An opaque sRGB colour for a category badge.
///
/// New categories take a colour from a fixed palette, chosen from the name by a stable hash, so
/// the same category looks the same in every window, on every machine, in every run.
public struct CategoryColor: Hashable, Sendable, Codable, CustomStringConvertible {
  /// Red, 0–255.
  public var red: UInt8
  /// Green, 0–255.
  public var green: UInt8
  /// Blue, 0–255.
  public var blue: UInt8

  /// Creates a colour from its components.
  public init(red: UInt8, green: UInt8, blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// Parses `#RRGGBB` or `RRGGBB` (case-insensitive); `nil` for anything else.
  public init?(hex: String) {
    var digits = Substring(hex)
    if digits.hasPrefix("#") { digits = digits.dropFirst() }
    guard digits.count == 6, digits.allSatisfy(\.isHexDigit),
      let value = UInt32(digits, radix: 16)
    else { return nil }
    self.init(
      red: UInt8(truncatingIfNeeded: value >> 16),
      green: UInt8(truncatingIfNeeded: value >> 8),
      blue: UInt8(truncatingIfNeeded: value))
  }

  /// The colour as `#rrggbb`.
  public var hex: String {
    func pair(_ byte: UInt8) -> String {
      let digits = String(byte, radix: 16)
      return byte < 16 ? "0" + digits : digits
    }
    return "#" + pair(red) + pair(green) + pair(blue)
  }

  /// The colour as `#rrggbb`.
  public var description: String { hex }

  /// Whether white text is the more legible choice on this colour (WCAG relative luminance).
  public var prefersWhiteText: Bool {
    func linear(_ c: UInt8) -> Double {
      let s = Double(c) / 255
      return s <= 0.039_28 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
    }
    let luminance = 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    // Contrast with white vs. with black: (1.05)/(L+0.05) against (L+0.05)/0.05.
    return (1.05 / (luminance + 0.05)) >= ((luminance + 0.05) / 0.05)
  }

  /// The fixed palette new categories draw from: GNOME's palette, mid tones.
  public static let palette: [CategoryColor] = [
    "#1c71d8", "#2ec27e", "#e5a50a", "#e66100", "#c01c28", "#813d9c", "#865e3c", "#0b8a8a",
    "#d6336c", "#5e5c64",
  ].map { CategoryColor(hex: $0)! }

  /// The palette colour for a category name: the same name always gets the same colour.
  ///
  /// Uses FNV-1a over the name's UTF-8 bytes, because Swift's `hashValue` changes per process.
  /// - Complexity: O(*m*), where *m* is the length of the name.
  public static func palette(for name: String) -> CategoryColor {
    var hash: UInt32 = 2_166_136_261
    for byte in name.utf8 {
      hash = (hash ^ UInt32(byte)) &* 16_777_619
    }
    return palette[Int(hash % UInt32(palette.count))]
  }
}
