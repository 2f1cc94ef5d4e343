import Foundation

/// Case- and accent-insensitive substring search.
struct TextMatcher {
  private let folded: String

  init(_ query: String) {
    folded = DuplicateIndex.key(query.trimmingCharacters(in: .whitespaces))
  }

  /// Whether `text` contains the query.
  /// - Complexity: O(m) in the text's length.
  func matches(_ text: String) -> Bool {
    if folded.isEmpty { return true }
    return DuplicateIndex.key(text).contains(folded)
  }
}
