public import RosterKit

/// Writes a list as RFC 4180 CSV, one record at a time: a header row
/// `text,category,id,created,updated`, then one row per entry, CRLF line ends, every text cell
/// through the formula guard (``CSVCell``).
///
/// ```swift
/// var file = CSVWriter.header
/// for entry in list.entries { file += CSVWriter.record(for: entry) }
/// ```
public enum CSVWriter {
  /// The header row, with its line end.
  public static let header = record(["text", "category", "id", "created", "updated"])

  /// One row of cells, each encoded by ``CSVCell/encode(_:)``, with its CRLF line end.
  /// - Complexity: O(n) in the total length of the cells.
  public static func record(_ cells: [String]) -> String {
    cells.map(CSVCell.encode).joined(separator: ",") + "\r\n"
  }

  /// The row for `entry`: text, category (empty when none), id, created and updated times.
  /// - Complexity: O(n) in the length of the entry's text.
  public static func record(for entry: Entry) -> String {
    record([
      entry.text, entry.category ?? "", UUIDText.string(entry.id),
      Timestamp.format(entry.created), Timestamp.format(entry.updated),
    ])
  }
}
