import Foundation
import RosterKit

/// The rows of each format, read into a destination.
extension ImportPlan {
  /// How the records of a CSV file become rows, decided at its first record.
  private enum Layout {
    /// Roster's own columns, by name (from its header) or text then category.
    case roster(RosterColumns)
    /// Columns a person chose.
    case mapped(ColumnMapping)
  }

  /// Where Roster's own columns are, 0-based, found once from the header rather than looked
  /// up by name in every row.
  private struct RosterColumns {
    var text: Int?
    var category: Int?
    var id: Int?
    var created: Int?
    var updated: Int?

    /// The columns a header names; the first of two with one name counts.
    init(header names: [String]) {
      for (index, name) in names.enumerated().reversed() {
        switch name {
        case "text": text = index
        case "category": category = index
        case "id": id = index
        case "created": created = index
        case "updated": updated = index
        default: break
        }
      }
    }

    /// Text, then category: a file without a header.
    init() {
      text = 0
      category = 1
    }

    /// The row of `fields`: each cell without its formula guard, an empty one (but the text)
    /// as none.
    /// - Throws: ``TransferError/invalidID(_:)`` or ``TransferError/invalidTime(_:)``.
    func row(_ fields: [String]) throws(TransferError) -> ImportRow {
      func field(_ index: Int?) -> String? {
        guard let index, index < fields.count, !fields[index].isEmpty else { return nil }
        return CSVCell.decode(fields[index])
      }
      return try ImportRow(
        text: field(text) ?? "", category: field(category), id: field(id),
        created: field(created), updated: field(updated))
    }
  }

  /// CSV: with ``columns``, the chosen columns; otherwise Roster's own header (any order of
  /// ``CSVFirstRow/rosterColumns``), or rows of text and an optional category, for a file whose
  /// first row has one column. Any other file is refused before a row is read.
  func readCSV<Destination: ImportDestination>(
    _ handle: FileHandle, _ reading: Reading, into destination: Destination,
    summary: inout ImportSummary
  ) throws(TransferError) {
    let name = reading.name
    let size = TransferProgress.size(of: handle).map { max(1, $0) }
    let reader = CSVReader(handle: handle, name: name)
    var layout: Layout?
    while let record = try reader.next() {
      let current: Layout
      if let layout {
        current = layout
      } else {
        let first = CSVFirstRow(fields: record.fields, line: record.line)
        let (chosen, isHeader) = try self.layout(of: first, file: name)
        layout = chosen
        if isHeader { continue }
        current = chosen
      }
      summary.rows += 1
      let reason = try refusal(
        adding: { () throws(TransferError) in
          switch current {
          case .mapped(let mapping): return mapping.row(record.fields)
          case .roster(let columns): return try columns.row(record.fields)
          }
        }, to: destination)
      if let reason {
        summary.refused += 1
        reading.report(ImportRefusal(file: name, location: .line(record.line), cause: reason))
      }
      try reading.advance(summary.rows, size.map { Double(reader.bytesRead) / Double($0) })
    }
  }

  /// The layout of a file whose first row is `first`, and whether that row is a header.
  private func layout(of first: CSVFirstRow, file: String) throws(TransferError) -> (
    Layout, Bool
  ) {
    if let columns {
      guard columns.lastColumn < first.fields.count else {
        throw .noSuchColumn(file: file, column: "\(columns.lastColumn + 1)", columns: first.fields)
      }
      return (.mapped(columns), columns.firstRowIsHeader)
    }
    if first.isRosterHeader {
      return (.roster(RosterColumns(header: first.rosterNames)), true)
    }
    guard !first.needsMapping else {
      throw .columnsNotChosen(file: file, columns: first.fields)
    }
    return (.roster(RosterColumns()), false)
  }

  /// JSON: the document's categories first (a bad one stops the import), then its entries.
  func readJSON<Destination: ImportDestination>(
    _ handle: FileHandle, _ reading: Reading, into destination: Destination,
    summary: inout ImportSummary
  ) throws(TransferError) {
    let name = reading.name
    let document = try RosterDocument.read(from: handle, name: name)
    for category in document.categories ?? [] {
      let color = category.color.map { CategoryColor(hex: $0) }
      if let color, color == nil {
        throw .invalidCategoryColor(file: name, name: category.name)
      }
      do throws(Destination.Failure) {
        try destination.addCategory(EntryCategory(name: category.name, color: color ?? nil))
      } catch {
        throw .refusedCategory(file: name, name: category.name, reason: error)
      }
    }
    let total = max(1, document.entries.count)
    for (index, entry) in document.entries.enumerated() {
      summary.rows += 1
      let reason = try refusal(
        adding: { () throws(TransferError) in
          try ImportRow(
            text: entry.text, category: entry.category, id: entry.id, created: entry.created,
            updated: entry.updated)
        }, to: destination)
      if let reason {
        summary.refused += 1
        reading.report(ImportRefusal(file: name, location: .entry(index + 1), cause: reason))
      }
      try reading.advance(summary.rows, Double(summary.rows) / Double(total))
    }
  }
}
