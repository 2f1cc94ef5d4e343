import Foundation

/// Which rule is speaking, for the wording of messages.
typealias Subject = Refusal.Subject

extension Refusal.Subject {
  /// "a name" or "the text", inside a sentence.
  var noun: String {
    switch self {
    case .name: "a name"
    case .text: "the text"
    }
  }
}

/// Builds ``Refusal`` values whose message names the offending character as it looks, as
/// U+XXXX, and by position: only when text is refused, so none of this is on the fast path.
enum RefusalMessage {
  /// A refusal of the whole text for being empty.
  static func empty(_ subject: Subject) -> Refusal {
    let what = subject == .name ? "Type a name" : "Type some text"
    return Refusal(
      reason: .empty, message: "\(what): it cannot be empty or only spaces.", detail: .empty,
      subject: subject)
  }

  /// A refusal blaming the scalar at `index` of `text`.
  static func blaming(
    _ index: String.Index, in text: String, reason: Refusal.Reason, subject: Subject
  ) -> Refusal {
    let scalar = text.unicodeScalars[index]
    let (position, character) = locate(index, in: text)
    let scalarClass = ScalarTable.info(scalar).scalarClass
    let shown = show(scalar, character: character, as: scalarClass)
    let detail = detail(reason, scalar, scalarClass)
    let why = english(detail, subject.noun)
    return Refusal(
      reason: reason, character: character, scalar: scalar, position: position,
      message: "\(english(shown, scalar)) at position \(position): \(why).", detail: detail,
      subject: subject,
      shown: shown)
  }

  /// A refusal of one word mixing look-alike scripts, blaming the first letter of `minority`.
  static func mixedScript(
    _ index: String.Index, in text: String, minority: LookAlikeScript,
    majority: LookAlikeScript
  ) -> Refusal {
    let scalar = text.unicodeScalars[index]
    let (position, character) = locate(index, in: text)
    return Refusal(
      reason: .mixedScript, character: character, scalar: scalar, position: position,
      message: "“\(scalar)” (\(hex(scalar)), \(minority.name)) at position \(position) mixes "
        + "\(minority.name) with \(majority.name) letters in one word.",
      detail: .mixedScript(minority: minority.script, majority: majority.script), subject: .name)
  }

  /// A refusal of text longer than `limit` characters, blaming the first one past the limit.
  static func tooLong(_ text: String, count: Int, limit: Int, subject: Subject) -> Refusal {
    let index = text.index(text.startIndex, offsetBy: limit)
    let character = text[index]
    let scalar = character.unicodeScalars.first!
    let what = subject == .name ? "A name" : "The text"
    return Refusal(
      reason: .tooLong, character: character, scalar: scalar, position: limit + 1,
      message: "\(what) may be at most \(limit) characters long; this one has \(count).",
      detail: .tooLong(limit: limit, count: count), subject: subject)
  }

  /// A refusal of text that does not match a pattern rule's regular expression.
  static func patternMismatch(_ text: String, pattern: String) -> Refusal {
    Refusal(
      reason: .patternMismatch, message: "“\(text)” does not match the pattern \(pattern).",
      detail: .patternMismatch(text: text, pattern: pattern))
  }

  /// The 1-based position of the character holding the scalar at `index`, and that character.
  /// - Complexity: O(*n*): grapheme breaking from the start.
  static func locate(_ index: String.Index, in text: String) -> (Int, Character) {
    var position = 1
    var start = text.startIndex
    while start < text.endIndex {
      let next = text.index(after: start)
      if next > index { return (position, text[start]) }
      position += 1
      start = next
    }
    return (position, text.last ?? " ")
  }

  /// "U+0032" style code point notation.
  static func hex(_ scalar: Unicode.Scalar) -> String { Refusal.codePoint(scalar) }

  /// The character as a person can see it: in quotes when it is visible, by code point and
  /// name when it is not.
  static func show(_ scalar: Unicode.Scalar, character: Character, as scalarClass: ScalarClass)
    -> Refusal.Shown
  {
    switch scalarClass {
    case .control, .lineBreak, .format, .zeroWidthJoiner, .zeroWidthNonJoiner,
      .variationSelector, .tag, .otherSpace, .space:
      .named(name(of: scalar))
    case .privateUse, .unassigned, .noncharacter: .codePointOnly
    case .mark: .quoted("◌\(scalar)")
    case .emoji: .quoted(String(character))
    default: .quoted(String(scalar))
    }
  }

  /// How English messages write a character shown as `shown`.
  static func english(_ shown: Refusal.Shown, _ scalar: Unicode.Scalar) -> String {
    switch shown {
    case .quoted(let text): "“\(text)” (\(hex(scalar)))"
    case .named(let name): "\(hex(scalar)) \(name)"
    case .codePointOnly: hex(scalar)
    }
  }

  /// Control characters have no Unicode name, only aliases the standard library does not give.
  private static let controlNames: [UInt32: String] = [
    0x00: "NULL", 0x07: "BELL", 0x08: "BACKSPACE", 0x09: "CHARACTER TABULATION (tab)",
    0x0A: "LINE FEED", 0x0B: "LINE TABULATION", 0x0C: "FORM FEED",
    0x0D: "CARRIAGE RETURN", 0x1B: "ESCAPE", 0x7F: "DELETE", 0x85: "NEXT LINE",
  ]

  private static func name(of scalar: Unicode.Scalar) -> String {
    if let name = controlNames[scalar.value] { return name }
    if let name = scalar.properties.name { return name }
    return "CONTROL CHARACTER"
  }

  /// What the sentence says about `scalar`, refused for `reason`.
  private static func detail(
    _ reason: Refusal.Reason, _ scalar: Unicode.Scalar, _ scalarClass: ScalarClass
  ) -> Refusal.Detail {
    switch (reason, scalarClass) {
    case (.onlyPunctuation, _): .onlyPunctuation
    case (.wordWithoutLetter, _): .wordWithoutLetter
    case (.digit, _): scalar.properties.generalCategory == .decimalNumber ? .digits : .numbers
    case (.symbol, .punctuation): .punctuation
    case (.symbol, .dash): .dash
    case (.symbol, .tatweel): .tatweel
    case (.symbol, .otherSpace): .otherSpace
    case (.symbol, _): .symbols
    case (.emoji, .variationSelector): .variationSelector
    case (.emoji, .tag): .emojiTag
    case (.emoji, _): .emoji
    case (.control, _): .control
    case (.multipleLines, _): .multipleLines
    case (.invisibleFormat, .zeroWidthJoiner): .zeroWidthJoiner
    case (.invisibleFormat, .zeroWidthNonJoiner): .zeroWidthNonJoiner
    case (.invisibleFormat, _): .invisibleFormat
    case (.unassigned, _): .unassigned
    case (.privateUse, _): .privateUse
    case (.noncharacter, _): .noncharacter
    case (.fancyText, _): .styledLookAlike(plain: plainLetter(for: scalar))
    case (.modifierLetter, _): .modifierLetter
    case (.orphanMark, _): .orphanMark
    case (.tooManyMarks, _): .tooManyMarks
    case (.misplacedHyphen, _): .misplacedHyphen
    case (.empty, _), (.mixedScript, _), (.tooLong, _), (.patternMismatch, _): .notAllowed
    }
  }

  /// The English explanation after the character and its position, without the full stop.
  private static func english(_ detail: Refusal.Detail, _ noun: String) -> String {
    switch detail {
    case .onlyPunctuation: "\(noun) needs letters, not only punctuation"
    case .wordWithoutLetter: "every word of \(noun) needs a letter"
    case .digits: "digits are not part of \(noun)"
    case .numbers: "numbers are not part of \(noun)"
    case .punctuation:
      "this punctuation is not part of \(noun); use a space, hyphen, apostrophe or full stop"
    case .dash: "dashes are not part of \(noun); use a hyphen (-)"
    case .tatweel: "tatweel only stretches letters on screen; leave it out"
    case .otherSpace: "use an ordinary space"
    case .symbols: "symbols are not part of \(noun)"
    case .variationSelector: "variation selectors (emoji styling) are not part of \(noun)"
    case .emojiTag: "emoji tag characters are not part of \(noun)"
    case .emoji: "emoji are not part of \(noun)"
    case .control: "control characters are not allowed in \(noun)"
    case .multipleLines: "\(noun) must fit on one line"
    case .zeroWidthJoiner: "a zero-width joiner is only allowed right after a virama"
    case .zeroWidthNonJoiner:
      "a zero-width non-joiner is only allowed after a virama or between joining letters"
    case .invisibleFormat:
      "invisible formatting characters are not allowed in \(noun), as they can disguise what "
        + "it says"
    case .unassigned: "no character is assigned to this code point yet"
    case .privateUse: "private-use characters have no agreed meaning"
    case .noncharacter: "noncharacters never belong in text"
    case .styledLookAlike(let plain?):
      "this is a styled look-alike; type the plain “\(plain)” instead"
    case .styledLookAlike(nil): "this is a styled look-alike letter; type the plain letter instead"
    case .modifierLetter: "this modifier letter is not used in names"
    case .orphanMark: "a combining mark must follow a letter"
    case .tooManyMarks: "more than 4 combining marks in a row"
    case .misplacedHyphen: "a hyphen must sit between two letters"
    case .empty, .notAllowed, .mixedScript, .tooLong, .patternMismatch, .unspecified:
      "\(noun) is not allowed"
    }
  }

  /// The plain letter a styled one imitates: its compatibility decomposition (𝐀 → A, ℍ → H),
  /// or, for small capitals, which have none, the letter their name gives (ᴀ → A).
  private static func plainLetter(for scalar: Unicode.Scalar) -> String? {
    let folded = String(scalar).precomposedStringWithCompatibilityMapping
    if let only = folded.unicodeScalars.first, folded.unicodeScalars.count == 1, only != scalar,
      ScalarTable.info(only).scalarClass == .letter
    {
      return folded
    }
    let prefix = "LATIN LETTER SMALL CAPITAL "
    guard let name = scalar.properties.name, name.hasPrefix(prefix) else { return nil }
    let letter = name.dropFirst(prefix.count)
    return letter.count == 1 ? String(letter) : nil
  }
}
