import RosterAppCore
import RosterKit
import Testing

/// Every refusal category of docs/rules.md, typed into the app's add field: the reason is shown (and
/// is the field's accessible description), Add stays off, and nothing is added.
@MainActor
@Suite struct AddFieldRefusalTests {
  nonisolated static let personalName: [(Refusal.Reason, String)] = [
    (.onlyPunctuation, "---"), (.wordWithoutLetter, "Anna . Smith"), (.digit, "R2D2"),
    (.digit, "X Æ A-12"), (.symbol, "Anna×Smith"), (.symbol, "anna@example"),
    (.symbol, "Anna – Smith"), (.symbol, "Anna\u{640}Smith"), (.emoji, "Anna 😀"),
    (.emoji, "Anna\u{FE0F}"), (.control, "Anna\u{0}Smith"), (.control, "Anna\tSmith"),
    (.multipleLines, "Anna\nSmith"), (.invisibleFormat, "Anna\u{202E}Smith"),
    (.invisibleFormat, "Anna\u{200B}Smith"), (.invisibleFormat, "Anna\u{200D}Smith"),
    (.privateUse, "Anna\u{E000}"), (.unassigned, "Anna\u{378}"),
    (.noncharacter, "Anna" + String(Unicode.Scalar(0xFDD0)!)),
    (.mixedScript, "\u{410}lice"), (.fancyText, "\u{1D400}nna"), (.modifierLetter, "Anna\u{2B0}"),
    (.orphanMark, "\u{301}Anna"), (.tooManyMarks, "Anna\u{334}\u{334}\u{334}\u{334}\u{334}"),
    (.misplacedHyphen, "-Anna"), (.misplacedHyphen, "Anna-"),
    (.tooLong, String(repeating: "Anna ", count: 60)),
  ]

  @Test(arguments: personalName)
  func personalNameRefusalsShowTheirReason(reason: Refusal.Reason, input: String) {
    let list = RosterList(title: "Guests")
    let field = AddFieldController(list: list)
    field.text = input
    let refusal = list.rule.validate(input).refusal
    #expect(refusal?.reason == reason)
    #expect(field.reason == refusal?.message)
    #expect(!field.canAdd)
    #expect(field.add() == nil)
    #expect(list.isEmpty)
  }

  @Test func everyReasonIsCovered() throws {
    let covered = Set(Self.personalName.map(\.0)).union([.empty, .patternMismatch])
    #expect(covered == Set(Refusal.Reason.allCases))
    let courses = RosterList(title: "Courses", rule: try .pattern("^[A-Z]{3}[0-9]{3}$"))
    let field = AddFieldController(list: courses)
    field.text = "ABC12"
    #expect(courses.rule.validate("ABC12").refusal?.reason == .patternMismatch)
    #expect(field.reason != nil)
    #expect(!field.canAdd)
  }
}
