import Foundation

/// How one value is written to and read from a CSV cell, with the formula guard: spreadsheets
/// run cells starting with `=`, `+`, `-` or `@` as formulas, so such a cell gets a leading `'`.
///
/// ```swift
/// CSVCell.encode("=1+2")      // "'=1+2"
/// CSVCell.encode("a,b")       // "\"a,b\""
/// CSVCell.decode("'=1+2")     // "=1+2"
/// ```
public enum CSVCell {
  private static let triggers: Set<Character> = ["=", "+", "-", "@", "\t", "\r"]

  /// The cell for `text`: a leading `'` before a formula trigger (and before `'` + trigger or
  /// `''`, so the mapping stays reversible), then quoted when RFC 4180 needs it.
  /// - Complexity: O(n) in the length of `text`.
  public static func encode(_ text: String) -> String {
    var value = text
    if needsGuard(text) { value = "'" + value }
    guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
      return value
    }
    return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// The text of a cell read back (already unquoted by ``CSVReader``): the guard `'` removed.
  /// - Complexity: O(1).
  public static func decode(_ cell: String) -> String {
    // Most cells do not start with the byte of `'`: no grapheme breaking for them.
    guard cell.utf8.first == UInt8(ascii: "'"), cell.hasPrefix("'"),
      needsGuard(String(cell.dropFirst()))
    else { return cell }
    return String(cell.dropFirst())
  }

  private static func needsGuard(_ text: String) -> Bool {
    guard let first = text.first else { return false }
    if triggers.contains(first) { return true }
    guard first == "'", let second = text.dropFirst().first else { return false }
    return triggers.contains(second) || second == "'"
  }
}
