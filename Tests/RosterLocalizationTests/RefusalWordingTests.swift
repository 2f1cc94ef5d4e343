import Foundation
import RosterBackend
import RosterKit
import RosterLocalization
import Testing

/// The front ends' words for refusals, in the C locale (tests never call
/// `Localization.setUp()`): exactly the core's English, for every kind of refusal.
@Suite struct RefusalWordingTests {
  /// Inputs refused for every reason, by the name rule, the text rule or both.
  static let refused: [String] = [
    "", "   ", "---", "Anna . Smith", "R2D2", "Ⅻ Smith", "X © Y", "Anna, Bob", "Anna – Bob",
    "عـلي", "Anna 😀", "Anna\u{FE0F}", "Anna\u{E0041}", "Anna\tSmith", "Anna\nSmith",
    "Anna\u{200D}Smith", "Anna\u{200C}Smith", "Anna\u{200B}Smith", "Anna\u{0378}", "Anna\u{E000}",
    "Anna\u{FFFF}", "Аlice", "𝐀nna", "ᴀnna", "ℍanna", "Anna ʰ", "\u{0301}Anna",
    "Anna\u{0301}\u{0302}\u{0303}\u{0304}\u{0305}", "-Anna", "Anna-", "Anna\u{2028}Smith",
    String(repeating: "a", count: 300), "Anna\u{00A0}\u{2003}Smith", "Anna_Smith",
  ]

  @Test func theCLocaleSaysExactlyTheCoresEnglish() throws {
    var details = Set<String>()
    for rule in [Rule.personalName, .text, try Rule.pattern("^[A-Z]{3}$")] {
      for input in Self.refused {
        guard let refusal = rule.validate(input).refusal else { continue }
        #expect(
          RefusalWording.sentence(for: refusal) == refusal.message, "\(input.debugDescription)")
        details.insert(String(describing: refusal.detail))
      }
    }
    // The corpus reaches most kinds of sentence, so a wording that drifts from the core shows.
    #expect(details.count >= 25, "only \(details.count) kinds: \(details.sorted())")
  }

  @Test func storeErrorsInTheCLocaleAreTheirDescriptions() throws {
    let refusal = try #require(Rule.personalName.validate("R2D2").refusal)
    let errors: [StoreError] = [
      .refused("R2D2", refusal), .listNotFound("Guests"), .listExists("Guests"), .busy,
      .constraint("UNIQUE"), .entryNotFound("#9"), .ambiguousEntry("abcd", matches: 3),
      .positionOutOfRange(9, count: 1), .positionOutOfRange(9, count: 2), .reloadRequired,
      .newerSchema(7), .database("disk I/O error"), .teamsUnsupported, .teamNotFound("staff"),
      .notTeamMember("staff"),
    ]
    for error in errors {
      #expect(StoreErrorWording.sentence(for: error) == error.description)
    }
  }

  @Test func rosterErrorsInTheCLocaleAreTheirDescriptions() throws {
    let refusal = try #require(Rule.text.validate("a\tb").refusal)
    let errors: [RosterError] = [
      .refused(refusal), .invalidPattern("([a-z", "missing closing parenthesis"),
      .entryNotFound(UUID()), .offsetOutOfRange(9, count: 2), .categoryNotFound("Work"),
      .categoryExists("Work"), .invalidCategoryName(refusal), .invalidTitle(refusal),
    ]
    for error in errors {
      #expect(RosterErrorWording.sentence(for: error) == error.description)
      #expect(
        StoreErrorWording.sentence(for: .roster(error)) == StoreError.roster(error).description)
    }
  }

  @Test func aRefusalMadeWithOnlyAMessageIsWordedByIt() {
    let refusal = Refusal(reason: .symbol, message: "No symbols here.")
    #expect(RefusalWording.sentence(for: refusal) == "No symbols here.")
  }
}
