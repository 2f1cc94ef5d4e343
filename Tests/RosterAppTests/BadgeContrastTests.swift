import RosterAppCore
import RosterKit
import Testing

@Suite struct BadgeContrastTests {
  @Test func knownRatios() {
    let white = CategoryColor(hex: "#ffffff")!
    let black = CategoryColor(hex: "#000000")!
    #expect(abs(BadgeContrast.ratio(black, white) - 21) < 0.001)
    #expect(BadgeContrast.ratio(white, white) == 1)
    // WebAIM's checker gives 4.54 : 1 for #767676 on white.
    #expect(abs(BadgeContrast.ratio(CategoryColor(hex: "#767676")!, white) - 4.54) < 0.01)
  }

  /// Every palette colour's badge text reaches WCAG AA; in the dark style too, because a badge
  /// paints its own background and its text colour is set with it.
  @Test func paletteBadgesReachAA() {
    for color in CategoryColor.palette {
      let text = BadgeContrast.textColor(on: color)
      let ratio = BadgeContrast.ratio(text, color)
      #expect(ratio >= BadgeContrast.minimumRatio, "\(text) on \(color): \(ratio)")
    }
  }

  @Test func paletteTextColours() {
    #expect(BadgeContrast.textColor(on: CategoryColor(hex: "#e5a50a")!).hex == "#000000")
    #expect(BadgeContrast.textColor(on: CategoryColor(hex: "#c01c28")!).hex == "#ffffff")
  }

  /// Colours a person picks get the better of black and white, which always reaches AA.
  @Test func anyColourReachesAA() {
    var worst = 21.0
    for red in stride(from: 0, through: 255, by: 15) {
      for green in stride(from: 0, through: 255, by: 15) {
        for blue in stride(from: 0, through: 255, by: 15) {
          let color = CategoryColor(red: UInt8(red), green: UInt8(green), blue: UInt8(blue))
          worst = min(worst, BadgeContrast.ratio(BadgeContrast.textColor(on: color), color))
        }
      }
    }
    #expect(worst >= BadgeContrast.minimumRatio)
  }
}
