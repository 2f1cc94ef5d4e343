package import Foundation
package import RosterKit

/// An action's edits as a store's `history` or `changes` row holds them, on any engine:
/// ``EditCoding``'s bytes, or the JSON array that older schemas wrote (SQLite's schema 4 and
/// earlier, PostgreSQL's schema 2 and earlier), told apart by the first byte.
package enum StoredEdits {
  /// The bytes a new row stores: ``EditCoding/encode(_:)``.
  /// - Complexity: O(k + m) for k edits with m bytes of text.
  package static func encode(_ edits: [ListEdit]) -> [UInt8] {
    EditCoding.encode(edits)
  }

  /// Reads a row: JSON when it starts with `[` (or `{`, which JSON is read as too), else
  /// ``EditCoding``'s bytes.
  /// - Throws: ``StoreError/database(_:)`` when the row is neither.
  /// - Complexity: O(k + m) for k edits with m bytes of text.
  package static func decode(_ data: Data) throws(StoreError) -> [ListEdit] {
    switch data.first {
    case UInt8(ascii: "["), UInt8(ascii: "{"):
      do {
        return try JSONDecoder().decode([ListEdit].self, from: data)
      } catch {
        throw .database("A change in the database is unreadable: \(error).")
      }
    default: return try EditCoding.decode(data)
    }
  }
}
