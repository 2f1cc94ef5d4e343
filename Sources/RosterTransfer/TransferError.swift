import RosterBackend

/// Why a file could not be read, written or imported, with one line a person can act on.
///
/// Messages name the file as the caller named it (`names.csv`, `-` for standard input) and,
/// where it helps, the line: `names.csv line 4: a quoted field is never closed (it starts on
/// this line).`
public enum TransferError: Error, CustomStringConvertible {
  /// The file is not well-formed here: `FILE line N: reason`.
  case malformed(file: String, line: Int, reason: String)
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
  /// The destination refused a category of the document.
  case refusedCategory(file: String, name: String, reason: String)
  /// A row's id is not a UUID.
  case invalidID(String)
  /// A row's time is not ISO 8601 UTC.
  case invalidTime(String)
  /// All or nothing: some rows were refused (each reported already), so nothing was imported.
  case rowsRefused(Int, of: Int)
  /// The destination failed as a whole (a full disk, a locked database): nothing was imported.
  case destination(any Error)

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
    }
  }
}
