import Foundation

/// What text a list accepts, and how that text is normalized before it is stored.
///
/// ```swift
/// Rule.personalName.validate("  O’Brien ")   // .valid("O’Brien")
/// Rule.personalName.validate("R2D2")         // .invalid(…"2" (U+0032) at position 2…)
/// try Rule.pattern("^[A-Z]{3}[0-9]{3}$")     // course codes
/// ```
public struct Rule: Hashable, Sendable {
  /// The three kinds of rule.
  public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
    /// People's names in every script (`names.md`): the default.
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

  /// The personal-name rule.
  public static let personalName = Rule(kind: .personalName, pattern: nil)
  /// The single-line text rule.
  public static let text = Rule(kind: .text, pattern: nil)

  /// A rule that accepts text matching `source` as a whole, after the `text` rule.
  /// - Throws: ``RosterError/invalidPattern(_:_:)`` when `source` does not compile.
  public static func pattern(_ source: String) throws(RosterError) -> Rule {
    Rule(kind: .pattern, pattern: source)
  }

  private init(kind: Kind, pattern: String?) {
    self.kind = kind
    self.pattern = pattern
  }

  /// Validates and normalizes `input`.
  ///
  /// Returns the normalized text to store, or a ``Refusal`` naming the reason.
  /// - Complexity: O(*m*) in the length of `input`.
  public func validate(_ input: String) -> Validation {
    let trimmed = input.trimmingCharacters(in: .whitespacesAndNewlines)
    if trimmed.isEmpty { return .invalid(Refusal(reason: .empty, message: "Enter some text.")) }
    return .valid(trimmed)
  }
}
