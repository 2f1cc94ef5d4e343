import Foundation

/// How a list is sorted: by which part of each entry's text, in which direction, under which
/// locale's collation. Stored with a list that keeps itself sorted (``RosterList/keepSorted``).
///
/// ```swift
/// let byFamilyName = EntryOrder(field: .lastWord, locale: "de_DE")
/// ```
public struct EntryOrder: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The part of an entry's text the order compares.
  public enum Field: String, Hashable, Sendable, Codable, CaseIterable {
    /// The whole text.
    case text
    /// The last word (a family name written last), then the whole text to break ties.
    case lastWord = "last-word"
  }

  /// The part of the text compared.
  public var field: Field
  /// Z–A instead of A–Z. Entries whose keys tie still keep their current order.
  public var descending: Bool
  /// The collation's locale as an ICU id (`de_DE`, `sv`), or `""` for the root collation.
  public var locale: String

  /// Creates an order.
  public init(field: Field = .text, descending: Bool = false, locale: String = "") {
    self.field = field
    self.descending = descending
    self.locale = locale
  }

  /// The part of `text` this order compares: the text itself, or its last word.
  /// - Complexity: O(m) in the text's length.
  public func sortedPart(of text: String) -> Substring {
    switch field {
    case .text: return text[...]
    case .lastWord:
      let end = text.lastIndex { !$0.isWhitespace }.map { text.index(after: $0) } ?? text.endIndex
      let start = text[..<end].lastIndex(where: \.isWhitespace).map { text.index(after: $0) }
      return text[(start ?? text.startIndex)..<end]
    }
  }

  /// A short description for people: "A–Z by last word (de_DE)".
  public var description: String {
    let direction = descending ? "Z–A" : "A–Z"
    let by = field == .text ? "" : " by last word"
    let locale = locale.isEmpty ? "root collation" : locale
    return "\(direction)\(by) (\(locale))"
  }
}
