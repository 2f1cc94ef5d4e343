/// The verdict of a ``Rule`` on a piece of text.
public enum Validation: Hashable, Sendable {
  /// The text is accepted; the payload is the normalized form to store.
  case valid(String)
  /// The text is refused, with the reason.
  case invalid(Refusal)

  /// The normalized text, or `nil` when refused.
  public var normalized: String? {
    if case .valid(let text) = self { return text }
    return nil
  }

  /// The refusal, or `nil` when accepted.
  public var refusal: Refusal? {
    if case .invalid(let refusal) = self { return refusal }
    return nil
  }
}
