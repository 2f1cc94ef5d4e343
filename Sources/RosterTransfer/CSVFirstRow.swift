public import Foundation

/// The first row of a CSV file, read before an import to show or choose its columns: the
/// app's preview lists ``fields``, the command line resolves column names against them.
///
/// ```swift
/// let first = try CSVFirstRow.read(from: handle, name: "class.csv")
/// first?.fields           // ["Last name", "First name", "Class"]
/// first?.isRosterHeader   // false: choose a ColumnMapping
/// ```
public struct CSVFirstRow: Equatable, Sendable {
  /// The cells of the first row, unquoted, as written.
  public let fields: [String]
  /// The 1-based line it starts on (blank lines before it are skipped).
  public let line: Int

  /// The column names Roster's own header may have; it must include `text`.
  public static let rosterColumns = ["text", "category", "id", "created", "updated"]

  /// A first row from its cells.
  public init(fields: [String], line: Int = 1) {
    self.fields = fields
    self.line = line
  }

  /// Whether this row is Roster's own header: it names only columns among ``rosterColumns``
  /// (any case, any order), `text` among them. Such a file needs no ``ColumnMapping``.
  public var isRosterHeader: Bool {
    let names = rosterNames
    return names.contains("text") && names.allSatisfy(Self.rosterColumns.contains)
  }

  /// Whether importing the file needs a ``ColumnMapping``: its first row is not Roster's header
  /// and has more than one column, so it may well be a header (and which column is the text is
  /// anybody's guess).
  public var needsMapping: Bool { !isRosterHeader && fields.count > 1 }

  /// The cells trimmed and lowercased, as a Roster header is matched.
  var rosterNames: [String] {
    fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
  }

  /// Reads the first row of `handle` and puts the handle back where it was.
  /// - Parameters:
  ///   - handle: A seekable file, read from its current offset.
  ///   - name: The file's name in error messages.
  /// - Returns: The first row, or `nil` for a file without rows.
  /// - Throws: ``TransferError`` when the file cannot be read or the row is malformed.
  /// - Complexity: O(n) in the length of the first row.
  public static func read(from handle: FileHandle, name: String) throws(TransferError) -> Self? {
    let start: UInt64
    do {
      start = try handle.offset()
    } catch {
      throw .unreadable(file: name, reason: error.localizedDescription)
    }
    let record = try CSVReader(handle: handle, name: name).next()
    do {
      try handle.seek(toOffset: start)
    } catch {
      throw .unreadable(file: name, reason: error.localizedDescription)
    }
    return record.map { Self(fields: $0.fields, line: $0.line) }
  }
}
