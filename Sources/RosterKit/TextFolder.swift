import Foundation

/// Folds text for search: case, width and accents, one scalar at a time, to UTF-8 bytes.
///
/// Foundation's `folding(options:locale:)` costs about a microsecond per short string, too much
/// for every edit. ASCII is lower-cased on the spot; other scalars below U+0800 (Latin, Greek,
/// Cyrillic, Arabic…) come from a table Foundation fills once per process, and the rest from a
/// cache that Foundation fills once per distinct scalar. Folding scalar by scalar, then finding
/// the folded query's bytes, is the search semantics: UTF-8 is self-synchronizing, so a byte
/// match of a whole query is a match of whole scalars.
final class TextFolder {
  /// Folds of scalars at or above U+0800, met so far.
  private var folds: [UInt32: [UInt8]] = [:]
  /// Where `fold(_:)` builds its answer, reused so that folding allocates nothing.
  private var scratch: [UInt8] = []

  /// The folded query: Foundation's fold of the whole trimmed text, as UTF-8.
  static func foldedQuery(_ query: String) -> [UInt8] {
    Array(DuplicateIndex.key(query.trimmingCharacters(in: .whitespaces)).utf8)
  }

  /// The fold of one scalar on its own, straight from Foundation: the reference the table and
  /// the cache hold copies of.
  static func referenceFold(_ scalar: Unicode.Scalar) -> [UInt8] {
    if scalar.isASCII { return [lower(UInt8(scalar.value))] }
    return Array(DuplicateIndex.key(String(scalar)).utf8)
  }

  static func lower(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
  }

  /// Calls `body` with the folded bytes of `text`, valid only during the call.
  /// - Complexity: O(m) in the text's length.
  func withFolded<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result)
    -> Result
  {
    // Built in a local: appending to a stored property of a class checks exclusivity at run
    // time on every byte.
    var folded = scratch
    scratch = []
    folded.removeAll(keepingCapacity: true)
    var isASCII = true
    for byte in text.utf8 {
      if byte >= 0x80 {
        isASCII = false
        break
      }
      folded.append(Self.lower(byte))
    }
    if !isASCII {
      folded.removeAll(keepingCapacity: true)
      let table = FoldTable.shared
      for scalar in text.unicodeScalars {
        let value = scalar.value
        if value < 0x80 {
          folded.append(Self.lower(UInt8(value)))
        } else if value < FoldTable.limit {
          let start = Int(table.starts[Int(value)])
          let end = Int(table.starts[Int(value) + 1])
          folded.append(contentsOf: table.bytes[start..<end])
        } else {
          folded.append(contentsOf: fold(scalar))
        }
      }
    }
    defer { scratch = folded }
    return folded.withUnsafeBufferPointer(body)
  }

  /// The fold of a scalar above the table, cached.
  private func fold(_ scalar: Unicode.Scalar) -> [UInt8] {
    if let known = folds[scalar.value] { return known }
    let folded = Self.referenceFold(scalar)
    folds[scalar.value] = folded
    return folded
  }
}

/// The folds of every scalar below ``limit``, laid end to end.
private struct FoldTable: Sendable {
  static let limit: UInt32 = 0x800
  static let shared = FoldTable()

  /// The fold of scalar `s` is `bytes[starts[s]..<starts[s + 1]]`.
  let starts: [UInt32]
  let bytes: [UInt8]

  private init() {
    var starts: [UInt32] = [0]
    var bytes: [UInt8] = []
    starts.reserveCapacity(Int(Self.limit) + 1)
    for value in 0..<Self.limit {
      // Surrogates lie above the table, so every value here is a scalar.
      if let scalar = Unicode.Scalar(value) { bytes += TextFolder.referenceFold(scalar) }
      starts.append(UInt32(bytes.count))
    }
    self.starts = starts
    self.bytes = bytes
  }
}
