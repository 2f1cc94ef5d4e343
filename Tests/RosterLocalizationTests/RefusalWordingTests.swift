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

  /// The wording is the only text of a store error: in the C locale, these sentences.
  @Test func storeErrorsInTheCLocale() throws {
    let refusal = try #require(Rule.personalName.validate("R2D2").refusal)
    let id = try #require(UUID(uuidString: "0F2A8C1E-0000-4000-8000-00000000002A"))
    let sentences: [(StoreError, String)] = [
      (.refused("R2D2", refusal), "“R2D2” refused: " + RefusalWording.sentence(for: refusal)),
      (.listNotFound("Guests"), "There is no list named “Guests”."),
      (.listExists("Guests"), "A list named “Guests” already exists."),
      (.busy, "The database is busy: other Roster processes kept it locked too long. Try again."),
      (.constraint("UNIQUE"), "The database refused the change: UNIQUE."),
      (.entryNotFound("#9"), "No entry matches “#9”."),
      (.duplicateEntry(id), "The list already has an entry with id \(id.uuidString.lowercased())."),
      (
        .ambiguousEntry("abcd", matches: 3),
        "“abcd” is the start of 3 entries' ids: give more characters."
      ),
      (.positionOutOfRange(9, count: 1), "There is no position 9: the list has 1 entry."),
      (.positionOutOfRange(9, count: 2), "There is no position 9: the list has 2 entries."),
      (.reloadRequired, "The change log no longer covers this window: reload the list."),
      (.newerSchema(7), "The database has schema version 7, newer than this Roster understands."),
      (.database("disk I/O error"), "disk I/O error"),
      (.teamsUnsupported, "Teams need a shared PostgreSQL database; a SQLite file has one user."),
      (.teamNotFound("staff"), "There is no team role “staff”."),
      (.notTeamMember("staff"), "You are not a member of the team “staff”."),
    ]
    for (error, sentence) in sentences {
      #expect(StoreErrorWording.sentence(for: error) == sentence)
    }
    // The error's own description is for logs: the case and its values.
    #expect(StoreError.listExists("Guests").description == #"listExists("Guests")"#)
    #expect(StoreError.busy.description == "busy")
    #expect(
      StoreError.ambiguousEntry("ab", matches: 3).description
        == #"ambiguousEntry("ab", matches: 3)"#)
  }

  /// A 10 MB text in an import was quoted whole in its refusal: a 10 MB line on stderr.
  @Test func aRefusalQuotesAtMost64Characters() throws {
    let huge = String(repeating: "a", count: 10_000_000)
    let refusal = try #require(Rule.text.validate(huge).refusal)
    let message = StoreErrorWording.sentence(for: .refused(huge, refusal))
    #expect(message.count < 64 + RefusalWording.sentence(for: refusal).count + 20)
    #expect(message.hasPrefix("“" + String(repeating: "a", count: 64) + "…” refused: "))
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
      #expect(StoreErrorWording.sentence(for: .roster(error)) == error.description)
    }
  }

  @Test func aRefusalMadeWithOnlyAMessageIsWordedByIt() {
    let refusal = Refusal(reason: .symbol, message: "No symbols here.")
    #expect(RefusalWording.sentence(for: refusal) == "No symbols here.")
  }
}
