import Foundation

/// Case-, width- and accent-insensitive substring search, fast enough to run over a million
/// entries while a person types.
///
/// Foundation's `folding(options:locale:)` costs about a microsecond per short string. Here
/// ASCII text is compared byte by byte, lower-cased on the fly; other text is folded one scalar
/// at a time through a cache that Foundation fills once per distinct scalar.
final class TextMatcher {
  private let query: [Unicode.Scalar]
  private let asciiQuery: [UInt8]?
  private var folds: [UInt32: [Unicode.Scalar]] = [:]
  private var buffer: [Unicode.Scalar] = []

  init(_ query: String) {
    let trimmed = query.trimmingCharacters(in: .whitespaces)
    let folded = Array(DuplicateIndex.key(trimmed).unicodeScalars)
    self.query = folded
    asciiQuery = folded.allSatisfy(\.isASCII) ? folded.map { UInt8($0.value) } : nil
  }

  /// Whether `text` contains the query.
  /// - Complexity: O(m · q) for a text of length m and a query of length q.
  func matches(_ text: String) -> Bool {
    if query.isEmpty { return true }
    if let asciiQuery, let found = Self.asciiContains(text, asciiQuery) { return found }
    buffer.removeAll(keepingCapacity: true)
    for scalar in text.unicodeScalars {
      if scalar.isASCII {
        buffer.append(Unicode.Scalar(Self.lower(UInt8(scalar.value))))
      } else {
        buffer.append(contentsOf: fold(scalar))
      }
    }
    return Self.contains(buffer, query)
  }

  /// The folded form of one non-ASCII scalar, cached.
  private func fold(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
    if let known = folds[scalar.value] { return known }
    let folded = Array(DuplicateIndex.key(String(scalar)).unicodeScalars)
    folds[scalar.value] = folded
    return folded
  }

  private static func lower(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
  }

  /// Byte-level search when `text` is ASCII; `nil` when it is not.
  private static func asciiContains(_ text: String, _ query: [UInt8]) -> Bool? {
    var text = text
    return text.withUTF8 { bytes -> Bool? in
      var isASCII = true
      for byte in bytes where byte >= 0x80 {
        isASCII = false
        break
      }
      guard isASCII else { return nil }
      guard bytes.count >= query.count else { return false }
      for start in 0...(bytes.count - query.count) {
        var offset = 0
        while offset < query.count && lower(bytes[start + offset]) == query[offset] {
          offset += 1
        }
        if offset == query.count { return true }
      }
      return false
    }
  }

  private static func contains(_ text: [Unicode.Scalar], _ query: [Unicode.Scalar]) -> Bool {
    guard text.count >= query.count else { return false }
    for start in 0...(text.count - query.count) {
      var offset = 0
      while offset < query.count && text[start + offset] == query[offset] { offset += 1 }
      if offset == query.count { return true }
    }
    return false
  }
}
