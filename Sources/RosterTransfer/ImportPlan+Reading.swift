import Foundation
import RosterKit

/// The rows of each format, read into a destination.
extension ImportPlan {
  /// CSV: when the first row names columns among ``csvColumns`` (with `text`), it is a header;
  /// otherwise the columns are text, then an optional category.
  func readCSV<Destination: ImportDestination>(
    _ handle: FileHandle, name: String, into destination: Destination,
    summary: inout ImportSummary, report: (ImportRefusal) -> Void
  ) throws(TransferError) {
    let reader = CSVReader(handle: handle, name: name)
    var columns = ["text": 0, "category": 1]
    var first = true
    while let record = try reader.next() {
      if first {
        first = false
        let names = record.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        if names.contains("text"), names.allSatisfy(Self.csvColumns.contains) {
          columns = Dictionary(names.enumerated().map { ($1, $0) }) { first, _ in first }
          continue
        }
      }
      func field(_ column: String) -> String? {
        guard let index = columns[column], index < record.fields.count else { return nil }
        let value = record.fields[index]
        return value.isEmpty && column != "text" ? nil : CSVCell.decode(value)
      }
      summary.rows += 1
      let reason = try refusal(
        adding: { () throws(TransferError) in
          try ImportRow(
            text: field("text") ?? "", category: field("category"), id: field("id"),
            created: field("created"), updated: field("updated"))
        }, to: destination)
      if let reason {
        summary.refused += 1
        report(ImportRefusal(file: name, location: .line(record.line), reason: reason))
      }
    }
  }

  /// JSON: the document's categories first (a bad one stops the import), then its entries.
  func readJSON<Destination: ImportDestination>(
    _ handle: FileHandle, name: String, into destination: Destination,
    summary: inout ImportSummary, report: (ImportRefusal) -> Void
  ) throws(TransferError) {
    let document = try RosterDocument.read(from: handle, name: name)
    for category in document.categories ?? [] {
      let color = category.color.map { CategoryColor(hex: $0) }
      if let color, color == nil {
        throw .invalidCategoryColor(file: name, name: category.name)
      }
      do throws(Destination.Failure) {
        try destination.addCategory(EntryCategory(name: category.name, color: color ?? nil))
      } catch {
        throw .refusedCategory(file: name, name: category.name, reason: "\(error)")
      }
    }
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
        report(ImportRefusal(file: name, location: .entry(index + 1), reason: reason))
      }
    }
  }
}
