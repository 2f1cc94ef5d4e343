public import Foundation

/// How to import a file: its format, and what to do with rows the list's rule refuses.
///
/// All or nothing by default: every refused row is reported and nothing is stored.
/// ``skipsInvalidRows`` stores the good rows; ``isDryRun`` checks everything and stores nothing.
///
/// ```swift
/// let plan = ImportPlan(format: .csv, skipsInvalidRows: true)
/// let summary = try plan.run(reading: handle, name: "guests.csv", into: batch) { refusal in
///   print(refusal)        // guests.csv line 3: “R2D2” refused: …
/// }
/// print("\(summary.imported) of \(summary.rows) imported")
/// ```
public struct ImportPlan: Sendable {
  /// The file's format.
  public var format: TransferFormat
  /// Whether to store the good rows when some are refused.
  public var skipsInvalidRows: Bool
  /// Whether to check every row and store nothing.
  public var isDryRun: Bool
  /// Which columns of a CSV file make an entry; `nil` for Roster's own layout, which
  /// ``run(reading:name:into:progress:report:)`` refuses for a file that needs a mapping
  /// (``CSVFirstRow/needsMapping``). JSON ignores it.
  public var columns: ColumnMapping?

  /// A plan for a file in `format`.
  public init(
    format: TransferFormat, skipsInvalidRows: Bool = false, isDryRun: Bool = false,
    columns: ColumnMapping? = nil
  ) {
    self.format = format
    self.skipsInvalidRows = skipsInvalidRows
    self.isDryRun = isDryRun
    self.columns = columns
  }

  /// Reads every row of the file into `destination`, reporting each refused row, then commits
  /// or cancels as the plan says.
  /// - Parameters:
  ///   - handle: The file to read.
  ///   - name: The file's name in messages.
  ///   - destination: Where the rows go; committed or cancelled when this returns or throws.
  ///   - progress: Called every ``TransferProgress/interval`` rows, with the share of the file
  ///     read; returning `false` cancels the import, which then stores nothing.
  ///   - report: Called once per refused row, in file order.
  /// - Returns: What was read and whether it was stored.
  /// - Throws: ``TransferError``: the file is malformed or needs a ``columns`` mapping, the
  ///   destination failed, ``TransferError/cancelled``, or (all or nothing)
  ///   ``TransferError/rowsRefused(_:of:)``. Nothing is stored then.
  /// - Complexity: O(n) in the file's size, times the destination's cost of one row.
  public func run<Destination: ImportDestination>(
    reading handle: FileHandle, name: String, into destination: Destination,
    progress: TransferProgress.Handler? = nil, report: (ImportRefusal) -> Void
  ) throws(TransferError) -> ImportSummary {
    var summary = ImportSummary()
    do throws(TransferError) {
      try withoutActuallyEscaping(report) { (report) throws(TransferError) in
        let reading = Reading(name: name, progress: progress, report: report)
        switch format {
        case .csv:
          try readCSV(handle, reading, into: destination, summary: &summary)
        case .json:
          try readJSON(handle, reading, into: destination, summary: &summary)
        }
      }
    } catch {
      destination.cancel()
      throw error
    }
    if isDryRun {
      destination.cancel()
      return summary
    }
    if summary.refused > 0, !skipsInvalidRows {
      destination.cancel()
      throw .rowsRefused(summary.refused, of: summary.rows)
    }
    do throws(Destination.Failure) {
      try destination.commit()
    } catch {
      throw .destination(error)
    }
    summary.isCommitted = true
    return summary
  }

  /// What the readers of every format share: the file's name, and whom to tell of progress and
  /// refusals.
  struct Reading {
    let name: String
    let progress: TransferProgress.Handler?
    let report: (ImportRefusal) -> Void

    /// Tells the progress handler, every ``TransferProgress/interval`` rows, how far `rows`
    /// and `fraction` are; throws when it cancels.
    func advance(_ rows: Int, _ fraction: @autoclosure () -> Double?) throws(TransferError) {
      guard let progress, rows % TransferProgress.interval == 0 else { return }
      guard progress(TransferProgress(done: rows, fraction: fraction())) else {
        throw .cancelled
      }
    }
  }

  /// Adds one row, or gives why it is refused; throws when the whole import must stop.
  func refusal<Destination: ImportDestination>(
    adding cells: () throws(TransferError) -> ImportRow, to destination: Destination
  ) throws(TransferError) -> (any Error)? {
    let row: ImportRow
    do throws(TransferError) {
      row = try cells()
    } catch {
      return error
    }
    do throws(Destination.Failure) {
      try destination.add(row)
    } catch {
      guard Destination.refusesOnlyTheRow(error) else { throw .destination(error) }
      return error
    }
    return nil
  }
}
