import Foundation
import RosterTestSupport
import Testing

@testable import RosterKit

/// The plain-Latin fast path of the personal-name rule may only take a shortcut: every name it
/// accepts, the full scan accepts unchanged; everything else is left to the scan.
@Suite struct LatinNameFastPathTests {
  /// Every scalar up to U+02FF alone, between letters and at a word's ends: where the fast
  /// path accepts, the full rule gives the same verdict.
  @Test func everyLatinOneScalarAgreesWithTheFullRule() {
    var accepted = 0
    for value in UInt32(0)...0x2FF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let character = String(Character(scalar))
      for name in [character, "A\(character)b", "Anna \(character)", "\(character) Smith"] {
        guard LatinNameFastPath.accepts(name) else { continue }
        accepted += 1
        #expect(PersonalNameRule.scanned(name) == .valid(name), "U+\(String(value, radix: 16))")
      }
    }
    // A–Z, a–z and À–ÿ without × and ÷, each in all four places; and the space of "A b".
    #expect(accepted == (26 * 2 + 64 - 2) * 4 + 1)
  }

  /// Random strings over letters, spaces and near misses (punctuation, marks, symbols, Latin
  /// Extended, µ of Script=Common): the fast path never accepts what the rule refuses or
  /// would change.
  @Test func randomNamesAgreeWithTheFullRule() {
    let pool = "AaZzÀÿßØøÆ  -'.·µ×÷ŁĳǅA\u{301}é1ª"
    var accepted = 0
    for name in randomStrings(from: pool, count: 20_000, maxLength: 10, seed: 11) {
      guard LatinNameFastPath.accepts(name) else { continue }
      accepted += 1
      #expect(PersonalNameRule.scanned(name) == .valid(name), "\(name.debugDescription)")
    }
    #expect(accepted > 100)
  }

  /// What the fast path leaves to the full rule: spaces at the ends or doubled, marks,
  /// punctuation, other scripts, the empty name, a name over the length limit.
  @Test func whatNeedsTheFullRuleIsLeftToIt() {
    let long = String(repeating: "a", count: PersonalNameRule.maximumLength + 1)
    for name in [
      "", " Anna", "Anna ", "Anna  Smith", "Jean-Luc", "O'Brien", "Ł", "Ivanova Ольга",
      "e\u{301}", "µ", "a×b", long,
    ] {
      #expect(!LatinNameFastPath.accepts(name), "\(name.debugDescription)")
    }
    #expect(LatinNameFastPath.accepts("Zoë Müller García"))
    #expect(Rule.personalName.validate(long) == PersonalNameRule.scanned(long))
  }
}
