import Foundation
public import RosterKit
import RosterLocalization
public import RosterTransfer

/// What importing a file into a list would do, worked out before anything is written: how many
/// rows it has, every refused row with its line and reason, and the person's choice of all or
/// nothing (the default) or skipping the refused rows. It reads the file through the same
/// ``ImportPlan`` as `roster import`, so the rules and the messages are the CLI's.
///
/// ```swift
/// var preview = ImportPreview.read(path: "/tmp/guests.csv", into: list)
/// preview.refusals          // guests.csv line 3: “R2D2” refused: …
/// preview.skipsInvalidRows = true
/// try preview.run()         // one undoable action
/// ```
///
/// A CSV file that is not Roster's own (``CSVFirstRow/needsMapping``: a school's
/// `Last name,First name,Class`) has ``columns``: nothing is counted until the person chooses
/// the text columns with ``choose(_:)``; the preview then counts and checks the rows again, and
/// ``run()`` passes the ``mapping`` to the plan. Its first row is a header unless the person
/// says otherwise, and is shown either way.
@MainActor
public struct ImportPreview {
  /// The file's path.
  public let path: String
  /// Its name, as messages show it.
  public let name: String
  /// The format its extension implies.
  public let format: TransferFormat
  /// The list the rows go to.
  public let list: RosterList
  /// The rows read (a CSV header is not a row).
  public private(set) var rows = 0
  /// Each refused row, in file order.
  public private(set) var refusals: [ImportRefusal] = []
  /// Why the file cannot be imported at all (malformed, unreadable), if it cannot.
  public private(set) var failure: String?
  /// Whether to import the good rows when some are refused; all or nothing otherwise.
  public var skipsInvalidRows = false
  /// The cells of the first row of a CSV file that needs its columns chosen; `nil` for
  /// Roster's own layout, JSON, or a file that cannot be read.
  public private(set) var columns: [String]?
  /// The columns chosen: no text column until the person chooses (``choose(_:)``).
  public private(set) var mapping = ColumnMapping(textColumns: [], firstRowIsHeader: true)

  /// Whether the person cancelled the reading (``read(path:into:progress:)`` or
  /// ``choose(_:progress:)``): the preview has nothing to show.
  public private(set) var wasCancelled = false

  /// Reads the file at `path` as a dry run against `list`: nothing is written.
  /// - Parameters:
  ///   - path: The file.
  ///   - list: The list the rows would go to.
  ///   - progress: Told every ``TransferProgress/interval`` rows; `false` cancels
  ///     (``wasCancelled``).
  /// - Returns: What importing the file would do.
  /// - Complexity: O(n) in the file's size.
  public static func read(
    path: String, into list: RosterList, progress: TransferProgress.Handler? = nil
  ) -> ImportPreview {
    var preview = ImportPreview(path: path, list: list)
    preview.readColumns()
    if preview.columns == nil { preview.check(progress: progress) }
    return preview
  }

  /// Chooses the columns and counts and checks the rows again with them (a dry run: nothing
  /// is written). With no text column, nothing is counted and Import is off.
  /// - Parameters:
  ///   - mapping: The columns chosen.
  ///   - progress: As for ``read(path:into:progress:)``.
  /// - Complexity: O(n) in the file's size.
  public mutating func choose(_ mapping: ColumnMapping, progress: TransferProgress.Handler? = nil) {
    guard columns != nil else { return }
    self.mapping = mapping
    rows = 0
    refusals = []
    failure = nil
    wasCancelled = false
    if !mapping.textColumns.isEmpty { check(progress: progress) }
  }

  /// Whether the person still has to choose the text columns.
  public var needsColumns: Bool { columns != nil && mapping.textColumns.isEmpty }

  /// The chosen text columns by name, as the preview shows them: “First name + Last name”.
  public var textColumnsLine: String {
    guard let columns else { return "" }
    let names = mapping.textColumns.map { columns[$0] }
    if names.isEmpty { return localized("Text: none chosen yet") }
    return localized("Text: %@", names.joined(separator: " + "))
  }

  private mutating func readColumns() {
    guard format == .csv, let handle = FileHandle(forReadingAtPath: path) else { return }
    defer { try? handle.close() }
    guard let first = try? CSVFirstRow.read(from: handle, name: name), first.needsMapping
    else { return }
    columns = first.fields
  }

  private init(path: String, list: RosterList) {
    self.path = path
    self.list = list
    name = (path as NSString).lastPathComponent
    format = TransferFormat(inferringFrom: path)
  }

  private mutating func check(progress: TransferProgress.Handler?) {
    var found: [ImportRefusal] = []
    do throws(TransferError) {
      let summary = try plan(dryRun: true).run(
        reading: try open(), name: name, into: ListImportDestination(list: list),
        progress: progress
      ) { found.append($0) }
      rows = summary.rows
      refusals = found
    } catch {
      if case .cancelled = error { wasCancelled = true }
      failure = TransferErrorWording.sentence(for: error)
    }
  }

  /// Whether the Import button works: the file is readable and, all or nothing, no row is
  /// refused.
  public var canImport: Bool {
    failure == nil && !needsColumns && addCount > 0
  }

  /// How many entries the import adds with the current choice.
  public var addCount: Int {
    if failure != nil { return 0 }
    if refusals.isEmpty || skipsInvalidRows { return rows - refusals.count }
    return 0
  }

  /// The dialog's heading.
  public var heading: String { localized("Import “%@”", name) }

  /// One line under the heading: what happens with the current choice.
  public var summary: String {
    if let failure { return failure }
    if needsColumns {
      return localized(
        "The first row is not Roster's header: choose the column or columns that make each"
          + " entry's text.")
    }
    if rows == 0 { return localized("The file has no rows to import.") }
    if refusals.isEmpty {
      return localizedPlural(
        "%1$@ row will be added to “%2$@”.", "%1$@ rows will be added to “%2$@”.", count: rows,
        GroupedNumber.text(rows), list.title)
    }
    let refused =
      rows == 1
      ? localized("1 of 1 row is refused")
      : localizedPlural(
        "%1$@ of %2$@ rows is refused", "%1$@ of %2$@ rows are refused", count: refusals.count,
        GroupedNumber.text(refusals.count), GroupedNumber.text(rows))
    if skipsInvalidRows {
      return localizedPlural(
        "%1$@ will be added to “%2$@”; %3$@ and skipped.",
        "%1$@ will be added to “%2$@”; %3$@ and skipped.", count: addCount,
        GroupedNumber.text(addCount), list.title, refused)
    }
    return localized(
      "%@. All or nothing: nothing is imported while a row is refused; skip the"
        + " refused rows to import the rest.", refused)
  }

  /// The Import button's text: “Import 12 entries”.
  public var confirmLabel: String {
    localizedPlural(
      "Import %@ entry", "Import %@ entries", count: addCount, GroupedNumber.text(addCount))
  }

  /// Each refusal as the preview lists it: “Line 3: “R2D2” refused: …”.
  public var refusalLines: [String] {
    refusals.map { refusal in
      switch refusal.location {
      case .line(let line):
        localized("Line %1$@: %2$@", line, TransferErrorWording.reason(for: refusal))
      case .entry(let index):
        localized("Entry %1$@: %2$@", index, TransferErrorWording.reason(for: refusal))
      }
    }
  }

  /// Imports the file with the current choice, as one undoable action.
  /// - Parameter progress: Told every ``TransferProgress/interval`` rows; `false` cancels,
  ///   and nothing is written.
  /// - Returns: What was read and stored.
  /// - Throws: ``TransferError`` when the file changed into one that fails, or, all or
  ///   nothing, a row is refused, or ``TransferError/cancelled``; nothing is written then.
  @discardableResult
  public func run(progress: TransferProgress.Handler? = nil) throws(TransferError)
    -> ImportSummary
  {
    try plan(dryRun: false).run(
      reading: try open(), name: name, into: ListImportDestination(list: list),
      progress: progress
    ) { _ in }
  }

  private func plan(dryRun: Bool) -> ImportPlan {
    ImportPlan(
      format: format, skipsInvalidRows: skipsInvalidRows, isDryRun: dryRun,
      columns: columns == nil ? nil : mapping)
  }

  private func open() throws(TransferError) -> FileHandle {
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw .unreadable(file: name, reason: localized("no such readable file"))
    }
    return handle
  }
}
