import Foundation
import RosterKit
import RosterTestSupport
import Testing

@Suite struct RulePropertyTests {
  /// Scalars to draw from: letters of several scripts, marks, joiners, separators, spaces, and
  /// every kind of character the rules must refuse.
  static let pool: [Unicode.Scalar] = {
    let text =
      "abcxyzABCÆæéñßαβγΩабвЖԱաშאבגعليحسنकखग्ािশতமிළ්กๆ王花あアー々한글ኃ"
      + "\u{301}\u{302}\u{323}\u{94D}\u{DCA}\u{64E}\u{651}\u{5B4}"
      + "\u{200C}\u{200D}\u{200B}\u{FEFF}\u{202E}\u{2066}\u{200E}\u{61C}\u{AD}"
      + "\u{0}\u{9}\u{A}\u{D}\u{7F}\u{85}\u{2028}"
      + " \u{A0}\u{3000}\u{2003}-\u{2010}\u{5BE}'’ʻʼ.·・"
      + "0129٣४①½×÷©@#_,;–—\u{640}😀\u{FE0F}\u{1F3FD}\u{E0041}"
      + "\u{E000}\u{378}\u{FFFF}\u{1D400}\u{1D00}ʰＡｶﾞ"
    return Array(text.unicodeScalars)
  }()

  static func randomString(_ generator: inout SeededGenerator) -> String {
    let length = Int.random(in: 1...12, using: &generator)
    var scalars = String.UnicodeScalarView()
    for _ in 0..<length { scalars.append(pool.randomElement(using: &generator)!) }
    return String(scalars)
  }

  /// What a name may never contain, whatever else is around it.
  static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .privateUse, .unassigned, .surrogate, .decimalNumber, .letterNumber,
      .otherNumber, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol,
      .lineSeparator, .paragraphSeparator:
      return true
    case .format:
      return scalar != "\u{200C}" && scalar != "\u{200D}"
    default:
      return scalar.properties.isNoncharacterCodePoint || scalar.properties.isEmojiPresentation
        || (0xFE00...0xFE0F).contains(scalar.value) || (0x1D400...0x1D7FF).contains(scalar.value)
        || (0x1D00...0x1DBF).contains(scalar.value) || scalar == "\u{640}"
        || scalar == "\u{2013}" || scalar == "\u{2014}"
    }
  }

  @Test func acceptedNamesHoldNothingForbiddenAndAreStable() {
    var generator = SeededGenerator(seed: 20_261_130)
    var accepted = 0
    for _ in 0..<20_000 {
      let input = Self.randomString(&generator)
      switch Rule.personalName.validate(input) {
      case .valid(let name):
        accepted += 1
        #expect(!name.unicodeScalars.contains(where: Self.isForbidden), "\(input.debugDescription)")
        #expect(name.unicodeScalars.first?.properties.isWhitespace == false)
        #expect(!name.contains("  "))
        #expect(Rule.personalName.validate(name) == .valid(name), "\(input.debugDescription)")
        #expect(
          Array(name.unicodeScalars)
            == Array(name.precomposedStringWithCanonicalMapping.unicodeScalars))
      case .invalid(let refusal):
        if let position = refusal.position {
          #expect(position >= 1, "\(input.debugDescription)")
        }
        #expect(!refusal.message.isEmpty)
      }
    }
    #expect(accepted > 100, "the generator should produce some valid names")
  }

  @Test func textRuleNeverAcceptsControlsOrBidi() {
    var generator = SeededGenerator(seed: 7)
    for _ in 0..<20_000 {
      let input = Self.randomString(&generator)
      guard let text = Rule.text.validate(input).normalized else { continue }
      for scalar in text.unicodeScalars {
        let category = scalar.properties.generalCategory
        #expect(category != .control && category != .privateUse && category != .unassigned)
        #expect(
          !(0x202A...0x202E).contains(scalar.value) && !(0x2066...0x2069).contains(scalar.value))
        #expect(scalar != "\u{200B}" && scalar != "\u{FEFF}" && scalar != "\u{61C}")
      }
      #expect(Rule.text.validate(text) == .valid(text), "\(input.debugDescription)")
    }
  }

  @Test func refusalPositionsPointAtTheScalar() {
    var generator = SeededGenerator(seed: 99)
    for _ in 0..<5_000 {
      let input = Self.randomString(&generator)
      guard let refusal = Rule.personalName.validate(input).refusal,
        let position = refusal.position, let scalar = refusal.scalar,
        refusal.reason != .tooLong, refusal.reason != .onlyPunctuation
      else { continue }
      #expect(
        refusal.character?.unicodeScalars.contains(scalar) == true, "\(input.debugDescription)")
      #expect(position >= 1)
    }
  }

  /// Runs of neighbouring code points anywhere in planes 0–2, mixed with combining marks.
  @Test func randomScalarsFromEveryPlaneNormalizeStably() {
    var generator = SeededGenerator(seed: 42)
    var accepted = 0
    for _ in 0..<50_000 {
      var scalars = String.UnicodeScalarView()
      let base = UInt32.random(in: 0...0x2FFFF, using: &generator)
      for _ in 0..<Int.random(in: 1...6, using: &generator) {
        let value =
          Bool.random(using: &generator)
          ? base &+ UInt32.random(in: 0...40, using: &generator)
          : UInt32.random(in: 0x300...0x36F, using: &generator)
        if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
      }
      let input = String(scalars)
      guard let name = Rule.personalName.validate(input).normalized else { continue }
      accepted += 1
      #expect(!name.unicodeScalars.contains(where: Self.isForbidden), "\(input.debugDescription)")
      #expect(Rule.personalName.validate(name) == .valid(name), "\(input.debugDescription)")
      if name.unicodeScalars.allSatisfy({ $0.value < 0x1_0000 }) {
        #expect(
          Array(name.unicodeScalars)
            == Array(name.precomposedStringWithCanonicalMapping.unicodeScalars))
      }
    }
    #expect(accepted > 1_000)
  }

  @Test func supplementaryLettersWithMarksSurviveNormalization() {
    // Foundation's NFC on Linux turns U+20068 U+0307 into ḣ; ours must not.
    let han = "\u{20063}\u{20068}\u{307}"
    #expect(Rule.personalName.validate(han) == .valid(han))
    // U+0F75 decomposes into two marks that must be ordered before U+0309.
    let tibetan = Rule.personalName.validate("\u{F55}\u{309}\u{F75}").normalized
    #expect(
      tibetan.map { Array($0.unicodeScalars) } == ["\u{F55}", "\u{F71}", "\u{F74}", "\u{309}"])
  }
}
