import Foundation
public import RosterKit

/// The text colour of a category badge and its WCAG 2 contrast with the badge's colour.
///
/// A badge draws its own background in both the light and the dark style, so its contrast does
/// not depend on the style. Of black and white, one always reaches at least √21 ≈ 4.58 : 1 on
/// any colour, above AA's 4.5 : 1 for small text.
public enum BadgeContrast {
  /// WCAG AA's least contrast for normal-size text.
  public static let minimumRatio = 4.5

  /// Black or white, whichever contrasts more with `background`.
  /// - Complexity: O(1).
  public static func textColor(on background: CategoryColor) -> CategoryColor {
    let white = CategoryColor(red: 255, green: 255, blue: 255)
    let black = CategoryColor(red: 0, green: 0, blue: 0)
    return ratio(white, background) >= ratio(black, background) ? white : black
  }

  /// The contrast ratio of two colours, from 1 (the same) to 21 (black on white).
  /// - Complexity: O(1).
  public static func ratio(_ first: CategoryColor, _ second: CategoryColor) -> Double {
    let (a, b) = (luminance(first), luminance(second))
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)
  }

  /// WCAG 2's relative luminance of an sRGB colour, 0 (black) to 1 (white).
  public static func luminance(_ color: CategoryColor) -> Double {
    func linear(_ component: UInt8) -> Double {
      let value = Double(component) / 255
      return value <= 0.040_45 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722
      * linear(color.blue)
  }
}
