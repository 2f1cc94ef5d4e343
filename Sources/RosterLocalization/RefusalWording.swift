public import RosterKit

/// A RosterKit ``Refusal`` in the user's language: the front ends' words for the core's
/// structured refusal (its ``Refusal/detail``, the character at fault and its position). In
/// the C locale the sentence is exactly the core's English ``Refusal/message``.
public enum RefusalWording {
  /// The sentence that tells a person why the text was refused.
  /// - Complexity: O(1), plus the length of the texts it quotes.
  public static func sentence(for refusal: Refusal) -> String {
    let name = refusal.subject == .name
    switch refusal.detail {
    case .unspecified: return refusal.message
    case .empty:
      return name
        ? localized("Type a name: it cannot be empty or only spaces.")
        : localized("Type some text: it cannot be empty or only spaces.")
    case .tooLong(let limit, let count):
      return name
        ? localized("A name may be at most %1$@ characters long; this one has %2$@.", limit, count)
        : localized(
          "The text may be at most %1$@ characters long; this one has %2$@.", limit, count)
    case .patternMismatch(let text, let pattern):
      return localized("“%1$@” does not match the pattern %2$@.", text, pattern)
    case .mixedScript(let minority, let majority):
      let letter = refusal.scalar.map { String($0) } ?? ""
      return localized(
        "“%1$@” (%2$@, %3$@) at position %4$@ mixes %3$@ with %5$@ letters in one word.", letter,
        refusal.codePoint ?? "", scriptName(minority), refusal.position ?? 0, scriptName(majority))
    default:
      let why = explanation(refusal.detail, name: name)
      return localized(
        "%1$@ at position %2$@: %3$@.", shown(refusal), refusal.position ?? 0, why)
    }
  }

  /// The explanation after the character and its position, without the full stop.
  private static func explanation(_ detail: Refusal.Detail, name: Bool) -> String {
    switch detail {
    case .onlyPunctuation:
      name
        ? localized("a name needs letters, not only punctuation")
        : localized("the text needs letters, not only punctuation")
    case .wordWithoutLetter:
      name
        ? localized("every word of a name needs a letter")
        : localized("every word of the text needs a letter")
    case .digits:
      name
        ? localized("digits are not part of a name") : localized("digits are not part of the text")
    case .numbers:
      name
        ? localized("numbers are not part of a name")
        : localized("numbers are not part of the text")
    case .multipleLines:
      name ? localized("a name must fit on one line") : localized("the text must fit on one line")
    default: subjectFree(detail) ?? symbolic(detail, name: name)
    }
  }

  /// Symbols, emoji, control and invisible characters, which name their subject.
  private static func symbolic(_ detail: Refusal.Detail, name: Bool) -> String {
    switch detail {
    case .punctuation:
      name
        ? localized(
          "this punctuation is not part of a name; use a space, hyphen, apostrophe or full stop")
        : localized(
          "this punctuation is not part of the text; use a space, hyphen, apostrophe or full stop")
    case .dash:
      name
        ? localized("dashes are not part of a name; use a hyphen (-)")
        : localized("dashes are not part of the text; use a hyphen (-)")
    case .symbols:
      name
        ? localized("symbols are not part of a name")
        : localized("symbols are not part of the text")
    case .variationSelector:
      name
        ? localized("variation selectors (emoji styling) are not part of a name")
        : localized("variation selectors (emoji styling) are not part of the text")
    case .emojiTag:
      name
        ? localized("emoji tag characters are not part of a name")
        : localized("emoji tag characters are not part of the text")
    case .emoji:
      name ? localized("emoji are not part of a name") : localized("emoji are not part of the text")
    case .control:
      name
        ? localized("control characters are not allowed in a name")
        : localized("control characters are not allowed in the text")
    case .invisibleFormat:
      name
        ? localized(
          "invisible formatting characters are not allowed in a name, as they can disguise what it says"
        )
        : localized(
          "invisible formatting characters are not allowed in the text, as they can disguise what it says"
        )
    default: name ? localized("a name is not allowed") : localized("the text is not allowed")
    }
  }

  /// The explanations that read the same for names and other text.
  private static func subjectFree(_ detail: Refusal.Detail) -> String? {
    switch detail {
    case .tatweel: localized("tatweel only stretches letters on screen; leave it out")
    case .otherSpace: localized("use an ordinary space")
    case .zeroWidthJoiner: localized("a zero-width joiner is only allowed right after a virama")
    case .zeroWidthNonJoiner:
      localized("a zero-width non-joiner is only allowed after a virama or between joining letters")
    case .unassigned: localized("no character is assigned to this code point yet")
    case .privateUse: localized("private-use characters have no agreed meaning")
    case .noncharacter: localized("noncharacters never belong in text")
    case .styledLookAlike(let plain?):
      localized("this is a styled look-alike; type the plain “%@” instead", plain)
    case .styledLookAlike(nil):
      localized("this is a styled look-alike letter; type the plain letter instead")
    case .modifierLetter: localized("this modifier letter is not used in names")
    case .orphanMark: localized("a combining mark must follow a letter")
    case .tooManyMarks: localized("more than 4 combining marks in a row")
    case .misplacedHyphen: localized("a hyphen must sit between two letters")
    default: nil
    }
  }

  /// The character at fault, as the sentence shows it.
  private static func shown(_ refusal: Refusal) -> String {
    let codePoint = refusal.codePoint ?? ""
    switch refusal.shown {
    case .quoted(let text): return localized("“%1$@” (%2$@)", text, codePoint)
    case .named(let name): return "\(codePoint) \(name)"
    case .codePointOnly, nil: return codePoint
    }
  }

  /// A look-alike script's name.
  private static func scriptName(_ script: Refusal.Script) -> String {
    switch script {
    case .latin: localized("Latin")
    case .greek: localized("Greek")
    case .cyrillic: localized("Cyrillic")
    case .other: localized("other")
    }
  }
}
