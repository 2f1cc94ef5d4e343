import Foundation

/// Columns as a person names them, before the file is read: a header name or a 1-based number
/// for each, and whether the first row is a header. ``mapping(for:file:)`` resolves it against
/// the file's first row into a ``ColumnMapping``, with the same messages for every front end.
///
/// ```swift
/// let choice = ColumnChoice(
///   textColumns: ["First name", "Last name"], categoryColumn: "Class", firstRowIsHeader: nil)
/// plan.columns = try choice.mapping(for: first, file: "class.csv")   // [1, 0], 2, header
/// ```
public struct ColumnChoice: Equatable, Sendable {
  /// The columns of the text, each a header name (matched trimmed, in any case) or a 1-based
  /// number; empty to keep Roster's own layout.
  public var textColumns: [String]
  /// The category's column, a name or a number.
  public var categoryColumn: String?
  /// Whether the first row is a header; `nil` when not said (a column given by name says yes).
  public var firstRowIsHeader: Bool?

  /// A choice from its parts.
  public init(textColumns: [String] = [], categoryColumn: String? = nil, firstRowIsHeader: Bool?) {
    self.textColumns = textColumns
    self.categoryColumn = categoryColumn
    self.firstRowIsHeader = firstRowIsHeader
  }

  /// The mapping this choice makes of a file whose first row is `first`, or `nil` for Roster's
  /// own layout (no text columns chosen, and the first row is Roster's header or the file has
  /// one column, nothing said against it).
  /// - Throws: ``TransferError/columnsNotChosen(file:columns:)`` when the file needs columns
  ///   and none were chosen, ``TransferError/headerNotChosen(file:columns:)`` when columns are
  ///   numbers and nobody said whether the first row is a header, or
  ///   ``TransferError/noSuchColumn(file:column:columns:)``.
  /// - Complexity: O(c · k) for c columns chosen among k.
  public func mapping(for first: CSVFirstRow?, file: String) throws(TransferError)
    -> ColumnMapping?
  {
    let columns = first?.fields ?? []
    guard !textColumns.isEmpty else {
      if categoryColumn != nil { throw .textColumnsNotChosen(file: file) }
      guard let first else { return nil }
      if first.fields.count == 1, let header = firstRowIsHeader {
        return ColumnMapping(textColumns: [0], firstRowIsHeader: header)
      }
      if first.needsMapping || (first.isRosterHeader && firstRowIsHeader == false) {
        throw .columnsNotChosen(file: file, columns: columns)
      }
      return nil
    }
    let references = textColumns + (categoryColumn.map { [$0] } ?? [])
    let named = references.contains { Int($0) == nil }
    if named, firstRowIsHeader == false {
      throw .namedColumnWithoutHeader(file: file)
    }
    func index(_ reference: String) throws(TransferError) -> Int {
      try Self.index(of: reference, in: columns, file: file)
    }
    var text: [Int] = []
    for reference in textColumns { text.append(try index(reference)) }
    var category: Int?
    if let categoryColumn { category = try index(categoryColumn) }
    guard let header = firstRowIsHeader ?? (named || first?.isRosterHeader == true ? true : nil)
    else { throw .headerNotChosen(file: file, columns: columns) }
    return ColumnMapping(textColumns: text, categoryColumn: category, firstRowIsHeader: header)
  }

  /// The 0-based index of the column `reference` names among `columns`.
  private static func index(of reference: String, in columns: [String], file: String)
    throws(TransferError) -> Int
  {
    if let number = Int(reference) {
      guard number >= 1, number <= columns.count else {
        throw .noSuchColumn(file: file, column: reference, columns: columns)
      }
      return number - 1
    }
    let wanted = reference.trimmingCharacters(in: .whitespaces).lowercased()
    let matches = columns.indices.filter {
      columns[$0].trimmingCharacters(in: .whitespaces).lowercased() == wanted
    }
    guard let match = matches.first else {
      throw .noSuchColumn(file: file, column: reference, columns: columns)
    }
    guard matches.count == 1 else {
      throw .ambiguousColumn(file: file, column: reference, numbers: matches.map { $0 + 1 })
    }
    return match
  }
}
