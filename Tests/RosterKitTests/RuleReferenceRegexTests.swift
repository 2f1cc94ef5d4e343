import Foundation
import RosterKit
import Testing

/// The reference design's regex `^[a-zA-ZÀ-ÿ-.' ]+$` and each of its failures (docs/rules.md).
@Suite struct RuleReferenceRegexTests {
  static let reference = try! NSRegularExpression(pattern: "^[a-zA-ZÀ-ÿ-.' ]+$")

  static func referenceAccepts(_ text: String) -> Bool {
    reference.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
  }

  @Test(arguments: ["   ", "---", "...", "×÷", "Anna×Smith"])
  func junkTheReferenceLetThroughIsRefused(_ input: String) {
    #expect(Self.referenceAccepts(input), "the reference accepted this")
    #expect(Rule.personalName.validate(input).refusal != nil)
  }

  @Test func phoneKeyboardApostropheIsAccepted() {
    #expect(!Self.referenceAccepts("O’Brien"))
    #expect(Rule.personalName.validate("O’Brien") == .valid("O’Brien"))
  }

  @Test func everyNonLatinScriptIsAccepted() {
    let nonLatin = RealNames.all.filter { !RealNames.latin.contains($0) }
    #expect(nonLatin.allSatisfy { !Self.referenceAccepts($0) })
    #expect(nonLatin.allSatisfy { Rule.personalName.validate($0).normalized == $0 })
  }

  @Test func latinNamesTheReferenceRefusedAreAccepted() {
    let refusedByReference = RealNames.latin.filter { !Self.referenceAccepts($0) }
    #expect(refusedByReference.count > 10)
    #expect(refusedByReference.allSatisfy { Rule.personalName.validate($0).normalized == $0 })
  }

  @Test func refusalsCarryAMessageAPersonCanAct() {
    // The reference said only "letters only", and never showed it.
    for input in ["   ", "---", "×÷", "Anna×Smith", "R2D2"] {
      let message = Rule.personalName.validate(input).refusal?.message ?? ""
      #expect(message.count > 20)
      #expect(!message.lowercased().contains("letters only"))
    }
  }
}
