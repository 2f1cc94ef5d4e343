// The stored form of a rule: {"kind":"personal-name"}, {"kind":"text"},
// {"kind":"pattern","pattern":"…"}. "pattern" is present exactly for pattern rules; a pattern
// that does not compile is a decoding error, so a rule in memory is always usable.

extension Rule: Codable {
  private enum CodingKeys: String, CodingKey {
    case kind
    case pattern
  }

  /// Decodes `{"kind":…}` and, for pattern rules, `"pattern"`, compiling it.
  /// - Throws: `DecodingError` for an unknown kind, a missing or unexpected `pattern`, or a
  ///   pattern that does not compile (its message is in the error's debug description).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let kind = try container.decode(Kind.self, forKey: .kind)
    switch kind {
    case .personalName, .text:
      if container.contains(.pattern) {
        throw DecodingError.dataCorruptedError(
          forKey: .pattern, in: container,
          debugDescription: "Only a pattern rule has a pattern; this is a \(kind.rawValue) rule.")
      }
      self = kind == .text ? .text : .personalName
    case .pattern:
      let source = try container.decode(String.self, forKey: .pattern)
      do {
        self = try Rule.pattern(source)
      } catch {
        throw DecodingError.dataCorruptedError(
          forKey: .pattern, in: container, debugDescription: error.description)
      }
    }
  }

  /// Encodes `{"kind":…}`, plus `"pattern"` for pattern rules.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(kind, forKey: .kind)
    if kind == .pattern { try container.encode(pattern, forKey: .pattern) }
  }
}
