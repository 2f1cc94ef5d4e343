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

  /// The UTF-8 byte-order mark a CSV file may start with, so that Excel and LibreOffice read
  /// it as UTF-8 (without it they show “Zoë” as “ZoÃ«”); import skips it.
  public static let byteOrderMark = "\u{FEFF}"

  /// A writer for a list with this title, rule and categories; with `byteOrderMark`, a CSV
  /// file starts with ``byteOrderMark`` for spreadsheets (JSON never has one: RFC 8259 forbids
  /// it).
  public init(
    format: TransferFormat, title: String, rule: Rule, categories: [EntryCategory],
    byteOrderMark: Bool = false
  ) {
    self.format = format
    switch format {
    case .csv:
      header = (byteOrderMark ? Self.byteOrderMark : "") + CSVWriter.header
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

  /// Writes the whole file: the header, each of `entries`, the footer, telling `progress` every
  /// ``TransferProgress/interval`` entries how far it is.
  ///
  /// ```swift
  /// var writer = ExportWriter(format: .csv, title: list.title, rule: list.rule, categories: [])
  /// try writer.write(list.entries, total: list.count, to: { file.write($0) }) { step in
  ///   bar.fraction = step.fraction ?? 0
  ///   return !cancelled
  /// }
  /// ```
  /// - Parameters:
  ///   - entries: The entries, in list order.
  ///   - total: How many there are, for ``TransferProgress/fraction``.
  ///   - output: Takes each piece of text in order.
  ///   - progress: Returns `false` to cancel; the footer is then not written, and the caller
  ///     discards what `output` got (remove the file).
  /// - Throws: ``TransferError/cancelled``.
  /// - Complexity: O(n) in the total length of the entries.
  public mutating func write<Entries: Sequence<Entry>>(
    _ entries: Entries, total: Int?, to output: (String) -> Void,
    progress: TransferProgress.Handler? = nil
  ) throws(TransferError) {
    output(header)
    for entry in entries {
      output(text(for: entry))
      guard let progress, count % TransferProgress.interval == 0 else { continue }
      let fraction = total.map { Double(count) / Double(max(1, $0)) }
      guard progress(TransferProgress(done: count, fraction: fraction)) else { throw .cancelled }
    }
    output(footer)
  }
}
