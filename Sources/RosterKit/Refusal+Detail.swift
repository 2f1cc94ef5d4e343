extension Refusal {
  /// Which rule refused: a name rule speaks of “a name”, the text rule of “the text”.
  public enum Subject: Hashable, Sendable {
    case name
    case text
  }

  /// A script whose letters look alike, named in a ``Detail/mixedScript(minority:majority:)``
  /// refusal.
  public enum Script: String, Hashable, Sendable {
    case latin = "Latin"
    case greek = "Greek"
    case cyrillic = "Cyrillic"
    case other
  }

  /// How a message shows the character at fault, before or after its ``Refusal/codePoint``.
  public enum Shown: Hashable, Sendable {
    /// A visible character, in quotes: `“2” (U+0032)`; a combining mark on a dotted circle.
    case quoted(String)
    /// An invisible one, by its Unicode name: `U+0009 CHARACTER TABULATION (tab)`.
    case named(String)
    /// One with neither a glyph nor a name to show: `U+E000`.
    case codePointOnly
  }

  /// What a refusal's sentence says, as data: a front end puts it into words in the reader's
  /// language (``Refusal/message`` is the English), with ``Refusal/shown`` and
  /// ``Refusal/position`` for the character at fault.
  public enum Detail: Hashable, Sendable {
    /// Nothing but white space.
    case empty
    /// Letters are needed, not only punctuation.
    case onlyPunctuation
    /// A word without a letter.
    case wordWithoutLetter
    /// A decimal digit.
    case digits
    /// A number that is not a decimal digit (Ⅻ, ½).
    case numbers
    /// Punctuation that names do not use.
    case punctuation
    /// An en or em dash.
    case dash
    /// The Arabic tatweel.
    case tatweel
    /// A space other than the ordinary one.
    case otherSpace
    /// Any other symbol.
    case symbols
    /// A variation selector.
    case variationSelector
    /// An emoji tag character.
    case emojiTag
    /// An emoji.
    case emoji
    /// A control character.
    case control
    /// A line break.
    case multipleLines
    /// A zero-width joiner outside the contexts RFC 5892 allows.
    case zeroWidthJoiner
    /// A zero-width non-joiner outside the contexts RFC 5892 allows.
    case zeroWidthNonJoiner
    /// Any other invisible format character.
    case invisibleFormat
    /// An unassigned code point.
    case unassigned
    /// A private-use character.
    case privateUse
    /// A noncharacter.
    case noncharacter
    /// A styled look-alike letter, and the plain letter to type instead when there is one.
    case styledLookAlike(plain: String?)
    /// A modifier letter names do not use.
    case modifierLetter
    /// A combining mark with no letter before it.
    case orphanMark
    /// More than four combining marks in a row.
    case tooManyMarks
    /// A hyphen not between two letters.
    case misplacedHyphen
    /// Not allowed, for no more specific reason.
    case notAllowed
    /// One word mixing two look-alike scripts.
    case mixedScript(minority: Script, majority: Script)
    /// More than `limit` characters: `count`.
    case tooLong(limit: Int, count: Int)
    /// The text does not match the list's pattern.
    case patternMismatch(text: String, pattern: String)
    /// A refusal made with a message only; its ``Refusal/message`` is all there is.
    case unspecified
  }

  /// The code point at fault in U+XXXX notation, as messages write it.
  public var codePoint: String? { scalar.map(Self.codePoint) }

  /// "U+0032" style notation for `scalar`.
  static func codePoint(_ scalar: Unicode.Scalar) -> String {
    let digits = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
