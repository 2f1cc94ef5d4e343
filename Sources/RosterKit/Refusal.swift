/// Why a rule refused a piece of text, in words a person can act on.
///
/// ```swift
/// let refusal = Rule.personalName.validate("R2D2").refusal!
/// refusal.reason    // .digit
/// refusal.position  // 2
/// refusal.message   // “2” (U+0032) at position 2: digits are not part of a name.
/// ```
public struct Refusal: Error, Hashable, Sendable, CustomStringConvertible {
  /// The category of refusal, for programs; ``message`` is for people.
  ///
  /// The raw values are stable: the command-line tool prints them in JSON.
  public enum Reason: String, Hashable, Sendable, Codable, CaseIterable {
    /// Nothing but white space.
    case empty
    /// No letter at all, only punctuation such as `---` or `...`.
    case onlyPunctuation = "only-punctuation"
    /// A space-separated word without a letter, such as the `.` in `Anna . Smith`.
    case wordWithoutLetter = "word-without-letter"
    /// A digit or other number (`R2D2`, `X Æ A-12`).
    case digit
    /// A symbol or punctuation that names do not use: `× © @ _ , ;`, en and em dashes, tatweel.
    case symbol
    /// An emoji, a variation selector or an emoji tag character.
    case emoji
    /// A control character (NUL, tab, DEL…).
    case control
    /// A line break (line feed, carriage return, U+2028…): the text spans several lines.
    case multipleLines = "multiple-lines"
    /// An invisible format character: bidi controls, zero-width space, BOM, soft hyphen, or a
    /// zero-width joiner or non-joiner outside the contexts RFC 5892 allows.
    case invisibleFormat = "invisible-format"
    /// A code point with no character assigned to it yet.
    case unassigned
    /// A private-use character, whose meaning only its sender's fonts know.
    case privateUse = "private-use"
    /// A noncharacter (U+FFFF, U+FDD0…), which never belongs in text.
    case noncharacter
    /// One word mixing Latin, Greek or Cyrillic letters: a look-alike spoof (`Аlice`).
    case mixedScript = "mixed-script"
    /// Styled look-alike letters: mathematical alphanumerics (𝐀), small capitals (ᴀ),
    /// superscripts, letterlike symbols (ℍ), enclosing marks.
    case fancyText = "fancy-text"
    /// A modifier letter (such as ʰ) outside the few that orthographies use in names.
    case modifierLetter = "modifier-letter"
    /// A combining mark with no letter before it.
    case orphanMark = "orphan-mark"
    /// More than four combining marks in a row ("Zalgo" text).
    case tooManyMarks = "too-many-marks"
    /// A hyphen that does not sit between two letters (`-Anna`, `Anna-`).
    case misplacedHyphen = "misplaced-hyphen"
    /// More than 256 characters after normalization.
    case tooLong = "too-long"
    /// The text does not match the list's pattern.
    case patternMismatch = "pattern-mismatch"
  }

  /// The category of refusal.
  public let reason: Reason
  /// The first offending character, as written, if one is to blame.
  public let character: Character?
  /// The offending Unicode scalar, if one is to blame.
  public let scalar: Unicode.Scalar?
  /// The 1-based position of the offending character, in characters of the normalized text.
  public let position: Int?
  /// The sentence shown to a person, in English; front ends word ``detail`` in the reader's
  /// language instead.
  public let message: String
  /// What ``message`` says, as data, for wording it in another language.
  public let detail: Detail
  /// Whose rule refused: “a name” or “the text”.
  public let subject: Subject
  /// How messages show the character at fault (with ``codePoint``): quoted when it is
  /// visible, by its Unicode name when it is not; `nil` when no character is blamed.
  public let shown: Shown?

  /// Creates a refusal.
  public init(
    reason: Reason, character: Character? = nil, scalar: Unicode.Scalar? = nil,
    position: Int? = nil, message: String, detail: Detail = .unspecified,
    subject: Subject = .text, shown: Shown? = nil
  ) {
    self.reason = reason
    self.character = character
    self.scalar = scalar
    self.position = position
    self.message = message
    self.detail = detail
    self.subject = subject
    self.shown = shown
  }

  /// The sentence shown to a person, in English.
  public var description: String { message }
}
