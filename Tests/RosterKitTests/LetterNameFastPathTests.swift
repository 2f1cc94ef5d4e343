import Foundation
import RosterTestSupport
import Testing

@testable import RosterKit

/// The plain-letters fast path of the personal-name rule may only take a shortcut: every name
/// it accepts, the full scan accepts unchanged; everything else is left to the scan.
@Suite struct LetterNameFastPathTests {
  /// Every scalar of the Basic Multilingual Plane alone, after a Latin letter and as a word of
  /// its own: where the fast path accepts, the full rule gives the same verdict.
  @Test func everyBMPScalarAgreesWithTheFullRule() {
    var accepted = 0
    for value in UInt32(0)..<0x1_0000 {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let text = String(scalar)
      for name in [text, "a\(text)", "Anna \(text)\(text)"] {
        guard LetterNameFastPath.accepts(name) else { continue }
        accepted += 1
        if PersonalNameRule.scanned(name) != .valid(name) {
          Issue.record("U+\(String(value, radix: 16, uppercase: true)) in \(name.debugDescription)")
        }
      }
    }
    #expect(accepted > 100_000)  // tens of thousands of letters, each in three places
  }

  /// Random strings over letters of many scripts (look-alikes among them), marks, jamo that
  /// compose, spaces and near misses: the fast path never accepts what the rule refuses or
  /// would change.
  @Test func randomNamesAgreeWithTheFullRule() {
    let pool =
      "aZéŁαβΩабЖԱшאعلकखাতมกๆ王花あアー々한ᄀ\u{1161}\u{11A8}가Ｊｶ  -'.µ"
      + "\u{301}\u{94D}\u{200D}\u{200C}\u{640}ǅℌ"
    var accepted = 0
    for name in randomStrings(from: pool, count: 20_000, maxLength: 8, seed: 12) {
      guard LetterNameFastPath.accepts(name) else { continue }
      accepted += 1
      #expect(PersonalNameRule.scanned(name) == .valid(name), "\(name.debugDescription)")
    }
    #expect(accepted > 100)
  }

  /// Left to the full rule: a word mixing look-alike scripts, a mark, composing jamo, a
  /// fullwidth letter, a scalar above the BMP, spaces at the ends or doubled.
  @Test func whatNeedsTheFullRuleIsLeftToIt() {
    for name in [
      "Ivanоva", "e\u{301}", "\u{1100}\u{1161}", "Ｊohn", "𝐀nna", " 王秀英", "王秀英 ", "王  秀英", "",
    ] {
      #expect(!LetterNameFastPath.accepts(name), "\(name.debugDescription)")
    }
    for name in ["王秀英 Tanaka", "Ольга Ivanova", "Θάλεια Nowak", "محمد Okafor", "Nguyễn Smith"] {
      #expect(LetterNameFastPath.accepts(name), "\(name)")
    }
  }
}
