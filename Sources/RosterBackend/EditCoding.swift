public import Foundation
public import RosterKit

/// A compact binary encoding of one action's ``RosterKit/ListEdit``s, for a store's undo
/// history and change log: far cheaper to write and read than JSON for a sort's hundreds of
/// thousands of edits.
///
/// The bytes are ``magic``, the edit count as a varint, then per edit a tag byte and its fields:
/// ids as 16 raw bytes, texts as a varint length and UTF-8, dates as 8-byte little-endian
/// doubles (seconds since 2001), offsets as zigzag varints, optional values behind a presence
/// byte, colours as 3 bytes. A JSON array or object starts with `[` or `{`, so a store tells the
/// two apart by the first byte.
///
/// ```swift
/// let bytes = EditCoding.encode(change.edits)
/// let edits = try EditCoding.decode(Data(bytes))
/// ```
public enum EditCoding {
  /// The first byte of every encoding: its version.
  public static let magic: UInt8 = 0xB1

  /// Tags of the ``RosterKit/ListEdit`` cases.
  enum Tag: UInt8 {
    case insert = 0
    case remove = 1
    case update = 2
    case categories = 3
    case title = 4
    case keepSorted = 5
  }

  /// Encodes `edits` into one buffer, reserved once.
  /// - Complexity: O(k + m) for k edits with m bytes of text.
  public static func encode(_ edits: [ListEdit]) -> [UInt8] {
    var writer = EditWriter(capacity: edits.reduce(10) { $0 + EditWriter.maximumSize(of: $1) })
    writer.varint(UInt64(edits.count))
    for edit in edits { writer.edit(edit) }
    return writer.bytes
  }

  /// Decodes what ``encode(_:)`` wrote.
  /// - Throws: ``StoreError/database(_:)`` ("…history row is unreadable…") for bytes that are
  ///   not such an encoding: truncated, corrupted, or with bytes left over. Never reads outside
  ///   `data`.
  /// - Complexity: O(k + m) for k edits with m bytes of text.
  public static func decode(_ data: Data) throws(StoreError) -> [ListEdit] {
    let result = data.withUnsafeBytes { raw -> Result<[ListEdit], StoreError> in
      var reader = EditReader(raw)
      do throws(StoreError) {
        return .success(try reader.edits())
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// Whether `data` starts like this encoding (and not like JSON).
  /// - Complexity: O(1).
  public static func isEncoding(_ data: Data) -> Bool {
    data.first == magic
  }
}
