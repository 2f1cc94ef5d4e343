/// What text a list accepts, and how that text is normalized before it is stored.
///
/// ```swift
/// Rule.personalName.validate("  O’Brien ")   // .valid("O’Brien")
/// Rule.personalName.validate("R2D2")         // .invalid(…"2" (U+0032) at position 2…)
/// try Rule.pattern("^[A-Z]{3}[0-9]{3}$")     // course codes
/// ```
///
/// Two rules are equal when their kind and pattern source are equal. A rule is `Codable` as
/// `{"kind":"personal-name"}`, `{"kind":"text"}` or `{"kind":"pattern","pattern":"…"}`.
public struct Rule: Hashable, Sendable {
  /// The three kinds of rule.
  public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
    /// People's names in every script (`docs/rules.md`): the default.
    case personalName = "personal-name"
    /// Any single line of text.
    case text
    /// The user's own whole-string regular expression, over the `text` rule.
    case pattern
  }

  /// Which kind of rule this is.
  public let kind: Kind
  /// The regular expression's source, for ``Kind/pattern`` rules.
  public let pattern: String?
  /// The compiled regular expression, for ``Kind/pattern`` rules; not part of equality.
  private let compiled: CompiledPattern?

  /// The personal-name rule.
  ///
  /// Normalizes (trims White_Space, folds fullwidth and halfwidth forms, NFC, collapses runs of
  /// spaces) and accepts letters of every script with their combining marks, joined by spaces,
  /// hyphens, apostrophes, full stops and middle dots; refuses digits, symbols, emoji, invisible
  /// and control characters, look-alike spoofs and more than 256 characters.
  public static let personalName = Rule(kind: .personalName, pattern: nil, compiled: nil)

  /// The single-line text rule: trims and applies NFC; refuses empty text, line breaks,
  /// control and invisible format characters, private-use and unassigned code points, and more
  /// than 256 characters. Digits, symbols and emoji are fine.
  public static let text = Rule(kind: .text, pattern: nil, compiled: nil)

  /// A rule that accepts text matching `source` as a whole, after the `text` rule.
  ///
  /// The pattern is compiled once, here, by Swift's `Regex` (grapheme-cluster semantics).
  /// ```swift
  /// let courses = try Rule.pattern("[A-Z]{3}[0-9]{3}")
  /// courses.validate(" CSC108 ")   // .valid("CSC108")
  /// ```
  /// - Throws: ``RosterError/invalidPattern(_:_:)`` with the regex engine's message when
  ///   `source` does not compile.
  public static func pattern(_ source: String) throws(RosterError) -> Rule {
    Rule(kind: .pattern, pattern: source, compiled: try CompiledPattern(source))
  }

  private init(kind: Kind, pattern: String?, compiled: CompiledPattern?) {
    self.kind = kind
    self.pattern = pattern
    self.compiled = compiled
  }

  /// Validates and normalizes `input`.
  ///
  /// Returns the normalized text to store, or a ``Refusal`` naming the reason. Validating the
  /// normalized text again returns it unchanged.
  /// - Complexity: O(*m*) in the length of `input`.
  public func validate(_ input: String) -> Validation {
    switch kind {
    case .personalName: return PersonalNameRule.validate(input)
    case .text: return TextRule.validate(input)
    case .pattern:
      let verdict = TextRule.validate(input)
      guard case .valid(let text) = verdict, let compiled, let pattern else { return verdict }
      if compiled.matchesWhole(text) { return verdict }
      return .invalid(RefusalMessage.patternMismatch(text, pattern: pattern))
    }
  }

  /// Two rules are equal when they have the same kind and pattern source.
  public static func == (lhs: Rule, rhs: Rule) -> Bool {
    lhs.kind == rhs.kind && lhs.pattern == rhs.pattern
  }

  /// Hashes the kind and pattern source.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(kind)
    hasher.combine(pattern)
  }
}
