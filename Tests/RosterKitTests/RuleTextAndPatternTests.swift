import Foundation
import RosterKit
import Testing

@Suite struct RuleTextAndPatternTests {
  @Test(arguments: [
    "Mastering WidgetKit iOS 16", "C++ & Swift: 100% (2024)", "Café ☕️ at 9:30", "👩‍💻 Hack night",
    "Scotland 🏴󠁧󠁢󠁳󠁣󠁴󠁿", "حسن‌زاده", "ශ්‍රී ලංකා", "a", "R2D2", "𝐁𝐨𝐥𝐝 title", "tab-free — em dash",
  ])
  func textAcceptsOrdinaryLines(_ line: String) {
    #expect(Rule.text.validate(line) == .valid(line), "\(Rule.text.validate(line))")
  }

  static let textRefusals: [(String, Refusal.Reason, Int)] = [
    ("Line one\nline two", .multipleLines, 9),
    ("Tab\there", .control, 4),
    ("nul\u{0}", .control, 4),
    ("abc\u{202E}def", .invisibleFormat, 4),
    ("abc\u{2066}def\u{2069}", .invisibleFormat, 4),
    ("abc\u{200B}def", .invisibleFormat, 4),
    ("ab\u{200D}c", .invisibleFormat, 2),
    ("abc\u{E0041}", .invisibleFormat, 3),
    ("abc\u{E000}", .privateUse, 4),
    ("abc\u{378}", .unassigned, 4),
    ("abc\u{FFFF}", .noncharacter, 4),
  ]

  @Test(arguments: textRefusals)
  func textRefuses(_ input: String, _ reason: Refusal.Reason, _ position: Int) throws {
    let refusal = try #require(Rule.text.validate(input).refusal)
    #expect(refusal.reason == reason, "\(refusal.message)")
    #expect(refusal.position == position, "\(refusal.message)")
  }

  @Test func textRefusesEmptyAndTooLong() {
    #expect(Rule.text.validate(" \n ").refusal?.reason == .empty)
    #expect(Rule.text.validate(String(repeating: "x", count: 256)).normalized != nil)
    let long = Rule.text.validate(String(repeating: "x", count: 257)).refusal
    #expect(long?.reason == .tooLong)
    #expect(long?.position == 257)
    #expect(long?.message.hasPrefix("The text") == true)
  }

  @Test func patternMatchesWholeNormalizedText() throws {
    let courses = try Rule.pattern("[A-Z]{3}[0-9]{3}")
    #expect(courses.kind == .pattern)
    #expect(courses.pattern == "[A-Z]{3}[0-9]{3}")
    #expect(courses.validate(" CSC108\n") == .valid("CSC108"))
    #expect(courses.validate("CSC108X").refusal?.reason == .patternMismatch)
    #expect(courses.validate("xCSC108").refusal?.reason == .patternMismatch)
    let anchored = try Rule.pattern("^[A-Z]{3}[0-9]{3}$")
    #expect(anchored.validate("MAT223").normalized == "MAT223")
    #expect(anchored.validate("mat223").refusal?.message.contains("mat223") == true)
  }

  @Test func patternNeverLetsInControlOrBidi() throws {
    let anything = try Rule.pattern(".*")
    #expect(anything.validate("abc\u{202E}def").refusal?.reason == .invisibleFormat)
    #expect(anything.validate("abc\u{2067}").refusal?.reason == .invisibleFormat)
    #expect(anything.validate("a\u{7}b").refusal?.reason == .control)
    let dotAll = try Rule.pattern("(?s).*")
    #expect(dotAll.validate("a\nb").refusal?.reason == .multipleLines)
    #expect(anything.validate("Anything 123 !").normalized == "Anything 123 !")
  }

  @Test(arguments: ["[a-", "(abc", "a{2,1}", "*a", "[z-a]", "\\"])
  func badPatternIsRefusedWithTheEngineMessage(_ source: String) {
    do {
      _ = try Rule.pattern(source)
      Issue.record("\(source) compiled")
    } catch {
      guard case .invalidPattern(let pattern, let detail) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(pattern == source)
      #expect(!detail.isEmpty)
      #expect(error.description.contains(source))
    }
  }

  @Test func badPatternMessageSaysWhatIsWrong() {
    #expect(throws: RosterError.invalidPattern("[a-", "expected ']'")) {
      try Rule.pattern("[a-")
    }
  }

  @Test func rulesCompareByKindAndSource() throws {
    #expect(try Rule.pattern("a+") == Rule.pattern("a+"))
    #expect(try Rule.pattern("a+") != Rule.pattern("a*"))
    #expect(Rule.text != Rule.personalName)
    let set: Set<Rule> = [.text, .personalName, try .pattern("a+"), try .pattern("a+")]
    #expect(set.count == 3)
  }

  @Test func codableFormIsStable() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let name = String(decoding: try encoder.encode(Rule.personalName), as: UTF8.self)
    #expect(name == #"{"kind":"personal-name"}"#)
    let text = String(decoding: try encoder.encode(Rule.text), as: UTF8.self)
    #expect(text == #"{"kind":"text"}"#)
    let pattern = String(decoding: try encoder.encode(try Rule.pattern("[A-Z]+")), as: UTF8.self)
    #expect(pattern == #"{"kind":"pattern","pattern":"[A-Z]+"}"#)
    for rule in [Rule.personalName, .text, try .pattern("^[a-z]{2}$")] {
      let decoded = try JSONDecoder().decode(Rule.self, from: try encoder.encode(rule))
      #expect(decoded == rule)
    }
    let decoded = try JSONDecoder().decode(
      Rule.self, from: Data(#"{"kind":"pattern","pattern":"[0-9]+"}"#.utf8))
    #expect(decoded.validate("42") == .valid("42"))
    #expect(decoded.validate("4x").refusal?.reason == .patternMismatch)
  }

  @Test(arguments: [
    #"{"kind":"pattern","pattern":"[a-"}"#, #"{"kind":"pattern"}"#, #"{"kind":"regex"}"#,
    #"{"kind":"text","pattern":"a"}"#, #"{}"#,
  ])
  func decodingRefusesBadRules(_ json: String) {
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Rule.self, from: Data(json.utf8))
    }
  }

  @Test func reasonsEncodeAsStableStrings() throws {
    let data = try JSONEncoder().encode([Refusal.Reason.mixedScript, .empty, .invisibleFormat])
    #expect(
      String(decoding: data, as: UTF8.self) == #"["mixed-script","empty","invisible-format"]"#)
    #expect(Set(Refusal.Reason.allCases.map(\.rawValue)).count == Refusal.Reason.allCases.count)
  }
}
