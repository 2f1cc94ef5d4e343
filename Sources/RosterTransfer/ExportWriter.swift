public import RosterKit

/// A list written in one ``TransferFormat``, piece by piece, so that a million entries stream
/// to their file instead of building one document in memory.
///
/// ```swift
/// var writer = ExportWriter(format: .json, title: "Guests", rule: .personalName, categories: [])
/// output.write(writer.header)
/// for entry in entries { output.write(writer.text(for: entry)) }
/// output.write(writer.footer)
/// ```
public struct ExportWriter: Sendable {
  /// The format written.
  public let format: TransferFormat
  /// What comes before the first entry.
  public let header: String
  /// How many entries were written.
  public private(set) var count = 0

  /// A writer for a list with this title, rule and categories.
  public init(format: TransferFormat, title: String, rule: Rule, categories: [EntryCategory]) {
    self.format = format
    switch format {
    case .csv:
      header = CSVWriter.header
    case .json:
      let document = JSONText.object([
        ("roster", String(RosterDocument.version)), ("title", JSONText.string(title)),
        ("rule", JSONText.rule(rule)),
        (
          "categories",
          JSONText.array(
            categories.map {
              JSONText.object([
                ("name", JSONText.string($0.name)), ("color", JSONText.string($0.color.hex)),
              ])
            })
        ),
        ("entries", "["),
      ])
      header = String(document.dropLast())
    }
  }

  /// The text for the next entry, in list order.
  /// - Complexity: O(n) in the length of the entry's text.
  public mutating func text(for entry: Entry) -> String {
    defer { count += 1 }
    switch format {
    case .csv: return CSVWriter.record(for: entry)
    case .json: return (count == 0 ? "\n" : ",\n") + JSONText.entry(entry)
    }
  }

  /// What comes after the last entry.
  public var footer: String {
    format == .json ? "\n]}\n" : ""
  }
}
