public import RosterKit

/// JSON written by hand, in a fixed key order, one value at a time: exports of a million
/// entries stream instead of building one document in memory.
///
/// ```swift
/// JSONText.object([("name", JSONText.string("Anna")), ("count", "3")])  // {"name":"Anna","count":3}
/// ```
public enum JSONText {
  /// A JSON string literal.
  /// - Complexity: O(n) in the length of `text`.
  public static func string(_ text: String) -> String {
    var result = "\""
    result.reserveCapacity(text.utf8.count + 2)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case let control
      where control.value < 0x20 || control.value == 0x2028
        || control.value == 0x2029:
        let hex = String(control.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// A string literal, or `null`.
  public static func optional(_ text: String?) -> String {
    text.map(string) ?? "null"
  }

  /// An object from keys and already-encoded values, in order.
  /// - Complexity: O(n) in the total length of the members.
  public static func object(_ members: [(String, String)]) -> String {
    "{" + members.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
  }

  /// An array of already-encoded values.
  /// - Complexity: O(n) in the total length of the items.
  public static func array(_ items: [String]) -> String {
    "[" + items.joined(separator: ",") + "]"
  }

  /// A rule as `{"kind":…,"pattern":…}` (pattern only for pattern rules).
  public static func rule(_ rule: Rule) -> String {
    var members = [("kind", string(rule.kind.rawValue))]
    if let pattern = rule.pattern { members.append(("pattern", string(pattern))) }
    return object(members)
  }

  /// An entry as the export schema writes it.
  public static func entry(_ entry: Entry) -> String {
    object([
      ("id", string(UUIDText.string(entry.id))), ("text", string(entry.text)),
      ("category", optional(entry.category)),
      ("created", string(Timestamp.format(entry.created))),
      ("updated", string(Timestamp.format(entry.updated))),
    ])
  }
}
