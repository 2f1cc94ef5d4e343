/// Why a rule refused a piece of text, in words a person can act on.
public struct Refusal: Error, Hashable, Sendable, CustomStringConvertible {
  /// The category of refusal, for programs; ``message`` is for people.
  public enum Reason: String, Hashable, Sendable, Codable {
    /// Nothing but white space.
    case empty
  }

  /// The category of refusal.
  public let reason: Reason
  /// The first offending character, as written, if one is to blame.
  public let character: Character?
  /// The offending Unicode scalar, if one is to blame.
  public let scalar: Unicode.Scalar?
  /// The 1-based position of the offending character, in characters of the normalized text.
  public let position: Int?
  /// The sentence shown to a person.
  public let message: String

  /// Creates a refusal.
  public init(
    reason: Reason, character: Character? = nil, scalar: Unicode.Scalar? = nil,
    position: Int? = nil, message: String
  ) {
    self.reason = reason
    self.character = character
    self.scalar = scalar
    self.position = position
    self.message = message
  }

  /// The sentence shown to a person.
  public var description: String { message }
}
