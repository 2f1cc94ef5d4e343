import RosterBackend

/// Why a file could not be read, written or imported, with one line a person can act on.
///
/// Messages name the file as the caller named it (`names.csv`, `-` for standard input) and,
/// where it helps, the line: `names.csv line 4: a quoted field is never closed (it starts on
/// this line).`
public enum TransferError: Error, CustomStringConvertible {
  /// The file is not well-formed here: `FILE line N: reason`.
  case malformed(file: String, line: Int, reason: Malformation)
  /// The file could not be read at all.
  case unreadable(file: String, reason: String)
  /// The file is larger than a format reads whole (JSON); the limit is in bytes.
  case tooLarge(file: String, limit: Int)
  /// The JSON does not have the shape of a Roster document.
  case notADocument(file: String, reason: String)
  /// The document has a schema version this program does not read.
  case unsupportedVersion(file: String, version: Int)
  /// A category of the document has a colour that is not `#rrggbb`.
  case invalidCategoryColor(file: String, name: String)
  /// The destination refused a category of the document, with its error.
  case refusedCategory(file: String, name: String, reason: any Error)
  /// A row's id is not a UUID.
  case invalidID(String)
  /// A row's time is not ISO 8601 UTC.
  case invalidTime(String)
  /// All or nothing: some rows were refused (each reported already), so nothing was imported.
  case rowsRefused(Int, of: Int)
  /// The destination failed as a whole (a full disk, a locked database): nothing was imported.
  case destination(any Error)
  /// A CSV file whose first row is not Roster's header has several columns, and nobody chose
  /// which make the text (a ``ColumnMapping``); `columns` are the first row's cells.
  case columnsNotChosen(file: String, columns: [String])
  /// Columns were chosen by number, and nobody said whether the first row is a header.
  case headerNotChosen(file: String, columns: [String])
  /// A chosen column (a name or a 1-based number) is not in the first row.
  case noSuchColumn(file: String, column: String, columns: [String])
  /// A column name matches several columns, at these 1-based numbers.
  case ambiguousColumn(file: String, column: String, numbers: [Int])
  /// A column was chosen by name, but the first row is not a header.
  case namedColumnWithoutHeader(file: String)
  /// A category column was chosen without text columns.
  case textColumnsNotChosen(file: String)
  /// The progress handler asked to stop: nothing was imported or written.
  case cancelled

  /// The message for a person.
  public var description: String {
    switch self {
    case .malformed(let file, let line, let reason): "\(file) line \(line): \(reason)"
    case .unreadable(let file, let reason): "Cannot read “\(file)”: \(reason)"
    case .tooLarge(let file, let limit):
      "\(file) is larger than \(limit >> 20) MB: export and import CSV for lists this big."
    case .notADocument(let file, let reason): "\(file) is not a Roster JSON document: \(reason)"
    case .unsupportedVersion(let file, let version):
      "\(file) has Roster JSON version \(version); this roster reads version"
        + " \(RosterDocument.version)."
    case .invalidCategoryColor(let file, let name):
      "\(file): the category “\(StoreError.visible(name))” has a colour that is not #rrggbb."
    case .refusedCategory(let file, let name, let reason):
      "\(file): the category “\(StoreError.visible(name))”: \(reason)"
    case .invalidID(let text): "“\(text)” is not an id."
    case .invalidTime(let text): "“\(text)” is not a time like 2026-11-30T20:15:00.000Z."
    case .rowsRefused(let refused, let rows):
      "Nothing imported: \(refused) of \(rows) rows refused."
    case .destination(let error): "\(error)"
    case .columnsNotChosen(let file, let columns):
      "\(file): the first row is not Roster's header (text,category,…) and has \(columns.count)"
        + " columns: \(Self.list(columns))."
    case .headerNotChosen(let file, let columns):
      "\(file): say whether the first row (\(Self.list(columns))) is a header."
    case .noSuchColumn(let file, let column, let columns):
      "\(file): no column \(Int(column) != nil ? column : "“\(StoreError.visible(column))”");"
        + " the first row has \(columns.count) columns: \(Self.list(columns))."
    case .ambiguousColumn(let file, let column, let numbers):
      "\(file): “\(StoreError.visible(column))” names columns"
        + " \(numbers.map(String.init).joined(separator: " and ")); give its number."
    case .namedColumnWithoutHeader(let file):
      "\(file): only a header row names columns; without one, give their numbers."
    case .textColumnsNotChosen(let file):
      "\(file): a category column needs the text columns too."
    case .cancelled: "Cancelled; nothing was written."
    }
  }

  /// The cells of a first row as a person reads them: `1 “Last name”, 2 “First name”`.
  static func list(_ columns: [String]) -> String {
    columns.enumerated().map { "\($0 + 1) “\(StoreError.visible($1))”" }
      .joined(separator: ", ")
  }
}
