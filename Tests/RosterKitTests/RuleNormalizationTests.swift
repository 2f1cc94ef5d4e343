import Foundation
import RosterKit
import Testing

@Suite struct RuleNormalizationTests {
  static let cases: [(String, String)] = [
    ("  Anna  ", "Anna"),
    ("Anna\n", "Anna"),
    ("\tAnna\r\n", "Anna"),
    ("\u{3000}佐藤\u{3000}花子\u{3000}", "佐藤 花子"),
    ("\u{A0}Anna\u{A0}\u{A0}Smith\u{2003}", "Anna Smith"),
    ("Anna   Maria  Smith", "Anna Maria Smith"),
    ("Anna \u{A0}\u{202F} Smith", "Anna Smith"),
    ("Ａｌｉｃｅ", "Alice"),
    ("Ｊｅａｎ－Ｌｕｃ", "Jean-Luc"),
    ("ｻﾄｳ ﾊﾅｺ", "サトウ ハナコ"),
    ("ｶﾞｯｺｳ", "ガッコウ"),
    ("ﾊﾟｸ", "パク"),
    ("ｼﾞｮﾝ･ｽﾐｽ", "ジョン・スミス"),
    ("Zoe\u{308}", "Zoë"),
    ("Jose\u{301} Mari\u{301}a", "José María"),
    ("Nguye\u{302}\u{303}n", "Nguyễn"),
    ("Nguye\u{323}\u{302}n", "Nguyện"),
    ("Ba\u{301}\u{323}", "B\u{1EA1}\u{301}"),
    ("\u{1100}\u{1161}\u{11A8}", "각"),
    ("A\u{30A}ngstro\u{308}m", "Ångström"),
    ("O’Brien", "O’Brien"),
    ("o'brien", "o'brien"),
    ("ʻOlelo", "ʻOlelo"),
  ]

  @Test(arguments: cases)
  func normalizes(_ input: String, _ expected: String) throws {
    let normalized = try #require(Rule.personalName.validate(input).normalized)
    #expect(Array(normalized.unicodeScalars) == Array(expected.unicodeScalars))
    #expect(Rule.personalName.validate(normalized) == .valid(normalized))
  }

  @Test func outputIsNFC() {
    for name in RealNames.all + Self.cases.map(\.0) {
      guard let normalized = Rule.personalName.validate(name).normalized else { continue }
      #expect(
        Array(normalized.unicodeScalars)
          == Array(normalized.precomposedStringWithCanonicalMapping.unicodeScalars))
    }
  }

  @Test func nfdInputOfRealNamesBecomesNFC() {
    for name in RealNames.all {
      let decomposed = name.decomposedStringWithCanonicalMapping
      let verdict = Rule.personalName.validate(decomposed)
      #expect(
        verdict.normalized.map { Array($0.unicodeScalars) }
          == Array(name.precomposedStringWithCanonicalMapping.unicodeScalars), "\(name)")
    }
  }

  @Test func widthFoldingTouchesOnlyHalfwidthAndFullwidthForms() {
    // Other compatibility characters are not folded: ﬁ (U+FB01) stays a ligature.
    #expect(Rule.personalName.validate("ﬁona").normalized == "ﬁona")
    // Fullwidth digits fold to ASCII digits, which a name then refuses.
    #expect(Rule.personalName.validate("Ａｎｎａ２").refusal?.reason == .digit)
    #expect(Rule.personalName.validate("Ａｎｎａ２").refusal?.scalar == "2")
  }

  @Test func textRuleTrimsAndComposesButKeepsSpacingAndWidth() {
    #expect(Rule.text.validate("  Mastering  WidgetKit\n").normalized == "Mastering  WidgetKit")
    #expect(Rule.text.validate("Cafe\u{301} ２４").normalized == "Café ２４")
  }

  @Test func apostrophesAreKeptAsTyped() {
    for apostrophe in ["'", "’", "ʼ", "ʻ", "‘"] {
      let name = "O\(apostrophe)Brien"
      #expect(Rule.personalName.validate(name) == .valid(name))
    }
  }
}
