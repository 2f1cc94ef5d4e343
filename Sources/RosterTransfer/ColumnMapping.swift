/// Which columns of a CSV file make an entry, for files that are not Roster's own export: a
/// school's `Last name,First name,Class` becomes the text `First name` + `Last name` joined
/// with a space and the category `Class`.
///
/// The app builds one from its preview (column indices from ``CSVFirstRow/fields``); the
/// command line builds one from `--text-columns`, `--category-column` and `--header` through
/// ``ColumnChoice``. Give it to ``ImportPlan/columns``.
///
/// ```swift
/// let first = try CSVFirstRow.read(from: handle, name: "class.csv")   // Last name,First name,Class
/// var plan = ImportPlan(format: .csv)
/// plan.columns = ColumnMapping(textColumns: [1, 0], categoryColumn: 2, firstRowIsHeader: true)
/// ```
public struct ColumnMapping: Equatable, Sendable {
  /// The 0-based columns whose cells, joined with a space in this order, make the text. Empty
  /// cells are left out of the join; a row shorter than a column has an empty cell there.
  public var textColumns: [Int]
  /// The 0-based column of the category; an empty cell is no category.
  public var categoryColumn: Int?
  /// Whether the first row names the columns and is not imported.
  public var firstRowIsHeader: Bool

  /// A mapping from its parts.
  public init(textColumns: [Int], categoryColumn: Int? = nil, firstRowIsHeader: Bool) {
    self.textColumns = textColumns
    self.categoryColumn = categoryColumn
    self.firstRowIsHeader = firstRowIsHeader
  }

  /// The largest column the mapping reads, 0-based.
  var lastColumn: Int { (textColumns + [categoryColumn ?? 0]).max() ?? 0 }

  /// The row that `fields` (one CSV record, unquoted) make: the text columns joined, each cell
  /// without its formula guard, and the category.
  /// - Complexity: O(n) in the length of the cells read.
  func row(_ fields: [String]) -> ImportRow {
    func cell(_ index: Int) -> String {
      index < fields.count ? CSVCell.decode(fields[index]) : ""
    }
    let text = textColumns.map(cell).filter { !$0.isEmpty }.joined(separator: " ")
    let category = categoryColumn.map(cell).flatMap { $0.isEmpty ? nil : $0 }
    return ImportRow(text: text, category: category)
  }
}
