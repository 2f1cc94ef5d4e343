import Foundation

/// Strict UTF-8 decoding that says where the first bad byte is.
///
/// ```swift
/// try UTF8Text.decode([0x41, 0xF6])   // throws Invalid(offset: 1)
/// ```
enum UTF8Text {
  /// A byte sequence that is not UTF-8, and the 0-based offset of its first bad byte.
  struct Invalid: Error {
    /// The 0-based offset of the first byte that is not UTF-8.
    let offset: Int
  }

  /// `bytes` as a string, or the offset of the first byte that is not valid UTF-8.
  /// - Complexity: O(n) in the number of bytes.
  static func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes) throws(Invalid) -> String {
    if let text = bytes.withContiguousStorageIfAvailable({ string($0) })
      ?? String(
        validating: bytes, as: UTF8.self)
    {
      return text
    }
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar): offset += scalar.count
      case .error: throw Invalid(offset: offset)
      case .emptyInput: throw Invalid(offset: offset)
      }
    }
  }

  /// `bytes` as a string, or `nil` when they are not valid UTF-8.
  ///
  /// The standard library's decoding of a buffer is its fast one but repairs bad bytes (each
  /// bad sequence becomes U+FFFD); the bytes it gives back are the same as those it was given
  /// exactly when nothing was repaired.
  /// - Complexity: O(n) in the number of bytes, without a generic parse.
  static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    var text = String(decoding: bytes, as: UTF8.self)
    let same = text.withUTF8 { decoded in
      decoded.count == bytes.count
        && (bytes.isEmpty || memcmp(decoded.baseAddress!, bytes.baseAddress!, bytes.count) == 0)
    }
    return same ? text : nil
  }
}
