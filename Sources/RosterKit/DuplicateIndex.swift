import Foundation

/// Counts of entries by their comparison key, so a duplicate check costs O(1) after the index
/// is built once.
struct DuplicateIndex {
  private var counts: [String: Int] = [:]

  /// The form two texts share when a person would call them the same name: case, width and
  /// accents folded, so `Zoë`, `zoe` and `ＺＯＥ` collide.
  static func key(_ text: String) -> String {
    text.folding(
      options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
  }

  mutating func add(_ text: String) { counts[Self.key(text), default: 0] += 1 }

  mutating func remove(_ text: String) {
    let key = Self.key(text)
    if let count = counts[key], count > 1 { counts[key] = count - 1 } else { counts[key] = nil }
  }

  func count(of text: String) -> Int { counts[Self.key(text)] ?? 0 }
}
