import Foundation
import RosterBackend
import RosterKit
import RosterLocalization
import RosterTransfer

/// `roster import`
extension CommandLineTool {
  func importFile(_ arguments: Arguments) throws(CLIError) {
    try arguments.expect(1...1, localized("one FILE (or - for standard input)"))
    let path = arguments.positionals[0]
    var plan = ImportPlan(
      format: try format(arguments, path: path), skipsInvalidRows: arguments.has(.skipInvalid),
      isDryRun: arguments.has(.dryRun))
    let choice = try columnChoice(arguments, format: plan.format)
    var source = path
    if path == "-" { source = try spoolStandardInput() }
    defer { if path == "-" { try? FileManager.default.removeItem(atPath: source) } }
    guard let handle = FileHandle(forReadingAtPath: source) else {
      throw .failed(localized("Cannot open “%@”: no such readable file.", path))
    }
    if plan.format == .csv {
      // The columns are settled before the store is opened: a refused file writes nothing.
      plan.columns = try columns(
        { () throws(TransferError) in
          try choice.mapping(for: try CSVFirstRow.read(from: handle, name: path), file: path)
        })
    }
    let list = try list(arguments)
    let store = try store(arguments)
    let batch = try attempt { () throws(StoreError) in try store.beginImport(into: list.id) }
    if plan.format == .csv, let bound = CSVReader.recordBound(of: handle) {
      batch.expectRows(atMost: bound)
    }
    let meter = TerminalProgress(label: localized("Importing %@", path), sink: err)
    func run<Destination: ImportDestination>(into destination: Destination)
      throws(TransferError) -> ImportSummary
    {
      try plan.run(
        reading: handle, name: path, into: destination,
        progress: meter.map { meter in meter.update }
      ) { [err] refusal in
        err.line("roster: " + TransferErrorWording.sentence(for: refusal))
      }
    }
    // A list kept sorted takes the entries at their places, as one action.
    let sorted = list.keepSorted != nil && !plan.isDryRun
    let summary = try columns(
      { () throws(TransferError) in
        defer { meter?.finish() }
        return sorted
          ? try run(into: SortedImportDestination(batch: batch, store: store, list: list.id))
          : try run(into: StoreImportDestination(batch: batch))
      })
    if plan.isDryRun {
      out.line(
        localized(
          "Dry run: %1$@ of %2$@ rows would be imported into"
            + " “%3$@”; %4$@ refused. Nothing was written.", summary.imported, summary.rows,
          list.title, summary.refused))
      if summary.refused > 0, !plan.skipsInvalidRows { throw .reported }
      return
    }
    let skipped = summary.refused > 0 ? localized(" Skipped %@ refused rows.", summary.refused) : ""
    out.line(
      localizedPlural(
        "Imported %1$@ entry into “%2$@”.%3$@", "Imported %1$@ entries into “%2$@”.%3$@",
        count: summary.imported, summary.imported, list.title, skipped))
  }

  /// The columns chosen by `--text-columns`, `--category-column`, `--header` and `--no-header`.
  private func columnChoice(_ arguments: Arguments, format: TransferFormat) throws(CLIError)
    -> ColumnChoice
  {
    let header = arguments.has(.header)
    if header, arguments.has(.noHeader) {
      throw arguments.usage(localized("Give --header or --no-header, not both."))
    }
    let text = arguments.value(.textColumns)
    let category = arguments.value(.categoryColumn)
    let given = text != nil || category != nil || header || arguments.has(.noHeader)
    if given, format != .csv {
      throw arguments.usage(
        localized("The column options are for CSV files; a JSON document names its own."))
    }
    let columns = text.map { $0.split(separator: ",", omittingEmptySubsequences: false) } ?? []
    if columns.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
      throw arguments.usage(
        localized("--text-columns takes COL[,COL…]: names or numbers, none empty."))
    }
    return ColumnChoice(
      textColumns: columns.map(String.init), categoryColumn: category,
      firstRowIsHeader: given ? (header ? true : arguments.has(.noHeader) ? false : nil) : nil)
  }

  /// Runs `body`; a file whose columns must be chosen gets, after its message, the options that
  /// choose them.
  private func columns<T>(_ body: () throws(TransferError) -> T) throws(CLIError) -> T {
    do throws(TransferError) {
      return try body()
    } catch {
      switch error {
      case .columnsNotChosen, .noSuchColumn, .ambiguousColumn:
        err.line("roster: " + TransferErrorWording.sentence(for: error))
        throw .failed(
          localized(
            "Choose the columns with --text-columns COL[,COL…] [--category-column COL] and"
              + " --header or --no-header (COL: a column's name or its number from 1)."
              + " Nothing was imported."))
      case .headerNotChosen:
        err.line("roster: " + TransferErrorWording.sentence(for: error))
        throw .failed(localized("Add --header or --no-header. Nothing was imported."))
      default:
        throw .transfer(error)
      }
    }
  }

  /// Copies standard input to a temporary file, so the database stays locked only while the
  /// rows are stored, not while a slow producer or a person is still typing them.
  private func spoolStandardInput() throws(CLIError) -> String {
    // A random name, so that imports running at once never share a file: no entry's id.
    let path = NSTemporaryDirectory() + "roster-import-\(UUID().uuidString)"
    guard
      FileManager.default.createFile(
        atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]),
      let file = FileHandle(forWritingAtPath: path)
    else { throw .failed(localized("Cannot create a temporary file for standard input.")) }
    do {
      while let chunk = try FileHandle.standardInput.read(upToCount: 1 << 20), !chunk.isEmpty {
        try file.write(contentsOf: chunk)
      }
      try file.close()
    } catch {
      // A full disk must not stay full of a partial copy.
      try? FileManager.default.removeItem(atPath: path)
      throw .failed(
        localized("Cannot copy standard input to a temporary file: %@.", Self.reason(error)))
    }
    return path
  }

  /// The file format from `--format`, else the file's extension, else CSV.
  func format(_ arguments: Arguments, path: String?, formats: String = localized("csv or json"))
    throws(CLIError) -> TransferFormat
  {
    guard let name = arguments.value(.format) else {
      return TransferFormat(inferringFrom: path)
    }
    guard let format = TransferFormat(rawValue: name) else {
      throw arguments.usage(localized("Unknown format “%1$@”: use %2$@.", name, formats))
    }
    return format
  }
}
