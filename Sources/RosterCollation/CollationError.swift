/// Why a collation could not be opened.
public enum CollationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The name is no locale of a language ICU knows.
  case unknownLocale(String)
  /// ICU cannot be loaded (Debian's libicu72 is missing): why.
  case unavailable(String)

  /// One line for a person.
  public var description: String {
    switch self {
    case .unknownLocale(let name):
      "“\(name)” is not a locale Roster can sort by: write one as LANG does (de_DE.UTF-8),"
        + " as a language tag (de-DE) or a language (de)."
    case .unavailable(let reason):
      "Sorting needs ICU, which cannot be loaded: \(reason)."
    }
  }
}
