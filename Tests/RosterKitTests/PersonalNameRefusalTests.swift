import RosterKit
import Testing

/// One refusal expected of the personal-name rule.
struct ExpectedRefusal: CustomTestStringConvertible, Sendable {
  let input: String
  let reason: Refusal.Reason
  let scalar: Unicode.Scalar?
  let position: Int?

  init(_ input: String, _ reason: Refusal.Reason, _ scalar: Unicode.Scalar?, _ position: Int?) {
    self.input = input
    self.reason = reason
    self.scalar = scalar
    self.position = position
  }

  var testDescription: String {
    "\(input.unicodeScalars.map { $0.isASCII ? "\($0)" : "\\u{\(String($0.value, radix: 16))}" }.joined()) → \(reason)"
  }
}

@Suite struct PersonalNameRefusalTests {
  static let cases: [ExpectedRefusal] = [
    .init("", .empty, nil, nil),
    .init("   ", .empty, nil, nil),
    .init("\u{3000}\u{A0}\n", .empty, nil, nil),
    .init("---", .onlyPunctuation, "-", 1),
    .init("...", .onlyPunctuation, ".", 1),
    .init("’", .onlyPunctuation, "’", 1),
    .init("Anna . Smith", .wordWithoutLetter, ".", 6),
    .init("Anna ’ Smith", .wordWithoutLetter, "’", 6),
    .init("×÷", .symbol, "×", 1),
    .init("Anna×Smith", .symbol, "×", 5),
    .init("Anna÷Smith", .symbol, "÷", 5),
    .init("R2D2", .digit, "2", 2),
    .init("X Æ A-12", .digit, "1", 7),
    .init("Ⅻ", .digit, "Ⅻ", 1),
    .init("Anna½", .digit, "½", 5),
    .init("Anna😀", .emoji, "😀", 5),
    .init("Anna👨‍👩‍👧", .emoji, "👨", 5),
    .init("👍🏽Anna", .emoji, "👍", 1),
    .init("Anna🇫🇷", .emoji, "🇫", 5),
    .init("☺\u{FE0F}Anna", .emoji, "☺", 1),
    .init("Anna\u{FE0F}", .emoji, "\u{FE0F}", 4),
    .init("Anna\u{E0041}", .emoji, "\u{E0041}", 4),
    .init("An\u{200D}na", .invisibleFormat, "\u{200D}", 2),
    .init("An\u{200C}na", .invisibleFormat, "\u{200C}", 2),
    .init("\u{200C}حسن", .invisibleFormat, "\u{200C}", 1),
    // ZWNJ, ZWJ and tag characters extend the character before them.
    .init("حسن\u{200C}", .invisibleFormat, "\u{200C}", 3),
    .init("Anna\nSmith", .multipleLines, "\n", 5),
    .init("Anna\rSmith", .multipleLines, "\r", 5),
    .init("Anna\u{2028}Smith", .multipleLines, "\u{2028}", 5),
    .init("Anna\tSmith", .control, "\t", 5),
    .init("An\u{0}na", .control, "\u{0}", 3),
    .init("An\u{7F}na", .control, "\u{7F}", 3),
    .init("An\u{1B}na", .control, "\u{1B}", 3),
    .init("An\u{202A}na", .invisibleFormat, "\u{202A}", 3),
    .init("An\u{202B}na", .invisibleFormat, "\u{202B}", 3),
    .init("An\u{202C}na", .invisibleFormat, "\u{202C}", 3),
    .init("An\u{202D}na", .invisibleFormat, "\u{202D}", 3),
    .init("An\u{202E}na", .invisibleFormat, "\u{202E}", 3),
    .init("An\u{2066}na", .invisibleFormat, "\u{2066}", 3),
    .init("An\u{2067}na", .invisibleFormat, "\u{2067}", 3),
    .init("An\u{2068}na", .invisibleFormat, "\u{2068}", 3),
    .init("An\u{2069}na", .invisibleFormat, "\u{2069}", 3),
    .init("An\u{200E}na", .invisibleFormat, "\u{200E}", 3),
    .init("An\u{200F}na", .invisibleFormat, "\u{200F}", 3),
    .init("علي\u{061C}", .invisibleFormat, "\u{061C}", 4),
    .init("An\u{200B}na", .invisibleFormat, "\u{200B}", 3),
    .init("\u{FEFF}Anna", .invisibleFormat, "\u{FEFF}", 1),
    .init("An\u{AD}na", .invisibleFormat, "\u{AD}", 3),
    .init("Anna\u{3164}", .invisibleFormat, "\u{3164}", 5),
    .init("An\u{E000}na", .privateUse, "\u{E000}", 3),
    .init("An\u{F8FF}na", .privateUse, "\u{F8FF}", 3),
    .init("An\u{378}na", .unassigned, "\u{378}", 3),
    .init("An\u{FFFF}na", .noncharacter, "\u{FFFF}", 3),
    .init("An\(Unicode.Scalar(0xFDD0)!)na", .noncharacter, Unicode.Scalar(0xFDD0), 3),
    .init("\u{410}lice", .mixedScript, "\u{410}", 1),
    .init("Alic\u{435}", .mixedScript, "\u{435}", 5),
    .init("P\u{430}ypal", .mixedScript, "\u{430}", 2),
    .init("\u{391}lice", .mixedScript, "\u{391}", 1),
    .init("Анна Smith\u{410}", .mixedScript, "\u{410}", 11),
    .init("\u{1D400}nna", .fancyText, "\u{1D400}", 1),
    .init("𝓐𝓷𝓷𝓪", .fancyText, "𝓐", 1),
    .init("\u{1D00}nna", .fancyText, "\u{1D00}", 1),
    .init("Anna\u{1D43}", .fancyText, "\u{1D43}", 5),
    .init("ℍanna", .fancyText, "ℍ", 1),
    .init("A\u{20DD}nna", .fancyText, "\u{20DD}", 1),
    .init("Anʰa", .modifierLetter, "ʰ", 3),
    .init("\u{301}Anna", .orphanMark, "\u{301}", 1),
    .init("Anna \u{301}", .orphanMark, "\u{301}", 5),
    .init("O'\u{301}Brien", .orphanMark, "\u{301}", 2),
    .init("Zx\u{301}\u{302}\u{303}\u{304}\u{305}", .tooManyMarks, "\u{305}", 2),
    .init("-Anna", .misplacedHyphen, "-", 1),
    .init("Anna-", .misplacedHyphen, "-", 5),
    .init("Anna--Smith", .misplacedHyphen, "-", 5),
    .init("Anna - Smith", .misplacedHyphen, "-", 6),
    .init("Anna -Smith", .misplacedHyphen, "-", 6),
    .init("Anna\u{2010}", .misplacedHyphen, "\u{2010}", 5),
    .init("דוד\u{5BE}", .misplacedHyphen, "\u{5BE}", 4),
    .init("Anna\u{2013}Smith", .symbol, "\u{2013}", 5),
    .init("Anna\u{2014}Smith", .symbol, "\u{2014}", 5),
    .init("عل\u{640}ي", .symbol, "\u{640}", 3),
    // Letters of Script=Common are symbols in disguise; ー (also Common) is on the allow-list.
    .init("\u{B5}ller", .symbol, "\u{B5}", 1),
    .init("Anna\u{B5}", .symbol, "\u{B5}", 5),
    .init("田中\u{3006}", .symbol, "\u{3006}", 3),
    .init("\u{303C}子", .symbol, "\u{303C}", 1),
    .init("देव\u{1CF5}", .symbol, "\u{1CF5}", 3),
  ]

  @Test(arguments: cases)
  func refuses(_ expected: ExpectedRefusal) throws {
    let refusal = try #require(Rule.personalName.validate(expected.input).refusal)
    #expect(refusal.reason == expected.reason, "\(refusal.message)")
    #expect(refusal.scalar == expected.scalar, "\(refusal.message)")
    #expect(refusal.position == expected.position, "\(refusal.message)")
    #expect(!refusal.message.isEmpty)
    if let scalar = expected.scalar {
      let code = String(scalar.value, radix: 16, uppercase: true)
      #expect(refusal.message.contains(code), "\(refusal.message)")
      #expect(refusal.message.contains("position \(expected.position!)"))
      #expect(refusal.character?.unicodeScalars.contains(scalar) == true)
    }
  }

  static let symbols = Array("×÷©®™@#$%_=+/\\|~^*&,;:()<>[]{}!?\"`¡¿§¶°€£¥•…")

  @Test(arguments: symbols)
  func refusesSymbolOrPunctuation(_ symbol: Character) throws {
    let refusal = try #require(Rule.personalName.validate("Anna\(symbol)Smith").refusal)
    #expect(refusal.reason == .symbol)
    #expect(refusal.position == 5)
    #expect(refusal.character == symbol)
  }

  @Test func tooLongRefusedPastTheLimit() throws {
    let name = String(repeating: "Abcdefghijklmno ", count: 16) + "p"
    #expect(name.count == 257)
    let refusal = try #require(Rule.personalName.validate(name).refusal)
    #expect(refusal.reason == .tooLong)
    #expect(refusal.position == 257)
    #expect(refusal.message.contains("256"))
  }

  @Test func messagesNameTheCharacterAndItsPosition() {
    #expect(
      Rule.personalName.validate("R2D2").refusal?.message
        == "“2” (U+0032) at position 2: digits are not part of a name.")
    #expect(
      Rule.personalName.validate("\u{410}lice").refusal?.message
        == "“А” (U+0410, Cyrillic) at position 1 mixes Cyrillic with Latin letters in one word.")
    let bidi = Rule.personalName.validate("An\u{202E}na").refusal?.message ?? ""
    #expect(bidi.hasPrefix("U+202E RIGHT-TO-LEFT OVERRIDE at position 3: "))
    let nul = Rule.personalName.validate("An\u{0}na").refusal?.message ?? ""
    #expect(nul.hasPrefix("U+0000 NULL at position 3: "))
    let mark = Rule.personalName.validate("\u{301}Anna").refusal?.message ?? ""
    #expect(mark.hasPrefix("“◌\u{301}” (U+0301) at position 1: "))
    let fancy = Rule.personalName.validate("\u{1D400}nna").refusal?.message ?? ""
    #expect(fancy.contains("“A”"))
    let smallCapital = Rule.personalName.validate("\u{1D00}nna").refusal?.message ?? ""
    #expect(smallCapital.contains("type the plain “A” instead"))
    let dash = Rule.personalName.validate("Anna\u{2013}Smith").refusal?.message ?? ""
    #expect(dash.contains("hyphen"))
    #expect(Rule.personalName.validate(" ").refusal?.message.isEmpty == false)
  }

  @Test func forbiddenCharacterIsReportedBeforeAPlacementFault() {
    #expect(Rule.personalName.validate("Anna- 2").refusal?.reason == .digit)
    #expect(Rule.personalName.validate("A-2").refusal?.reason == .digit)
  }
}
