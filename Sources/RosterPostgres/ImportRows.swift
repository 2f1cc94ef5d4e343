import Foundation
import RosterKit

/// The rows of an import, column by column, as PostgreSQL array literals: one statement with
/// six array parameters inserts thousands of entries.
struct ImportRows {
  private var keys: [String] = []
  private var ids: [String] = []
  private var texts: [String] = []
  private var categories: [String?] = []
  private var created: [String] = []
  private var updated: [String] = []

  /// How many rows.
  var count: Int { keys.count }

  /// Adds an entry with its order key. O(1) amortized.
  mutating func append(_ entry: Entry, key: Int64) {
    keys.append(String(key))
    ids.append(UUIDText.string(entry.id))
    texts.append(entry.text)
    categories.append(entry.category)
    created.append(String(entry.created.timeIntervalSinceReferenceDate))
    updated.append(String(entry.updated.timeIntervalSinceReferenceDate))
  }

  /// The parameters of each statement: six array literals of at most `chunk` rows.
  /// - Complexity: O(total length of the rows).
  func statements(chunk: Int) -> [[String?]] {
    stride(from: 0, to: count, by: chunk).map { start in
      let range = start..<min(start + chunk, count)
      return [
        Self.plain(keys[range]), Self.plain(ids[range]), Self.quoted(texts[range]),
        Self.quoted(categories[range]), Self.plain(created[range]), Self.plain(updated[range]),
      ]
    }
  }

  /// `{a,b,c}` for values that need no quotes (numbers, UUIDs).
  private static func plain(_ values: ArraySlice<String>) -> String {
    "{" + values.joined(separator: ",") + "}"
  }

  /// `{"a","b",NULL}`, each value quoted with `"` and `\` escaped.
  private static func quoted(_ values: ArraySlice<String?>) -> String {
    var literal = "{"
    for (index, value) in values.enumerated() {
      if index > 0 { literal += "," }
      guard let value else {
        literal += "NULL"
        continue
      }
      literal += "\""
      for character in value.unicodeScalars {
        if character == "\"" || character == "\\" { literal.unicodeScalars.append("\\") }
        literal.unicodeScalars.append(character)
      }
      literal += "\""
    }
    return literal + "}"
  }

  private static func quoted(_ values: ArraySlice<String>) -> String {
    quoted(values.map(Optional.some)[...])
  }
}
