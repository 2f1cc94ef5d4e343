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

  /// The column names a CSV header may have.
  static let csvColumns = ["text", "category", "id", "created", "updated"]

  /// A plan for a file in `format`.
  public init(format: TransferFormat, skipsInvalidRows: Bool = false, isDryRun: Bool = false) {
    self.format = format
    self.skipsInvalidRows = skipsInvalidRows
    self.isDryRun = isDryRun
  }

  /// Reads every row of the file into `destination`, reporting each refused row, then commits
  /// or cancels as the plan says.
  /// - Parameters:
  ///   - handle: The file to read.
  ///   - name: The file's name in messages.
  ///   - destination: Where the rows go; committed or cancelled when this returns or throws.
  ///   - report: Called once per refused row, in file order.
  /// - Returns: What was read and whether it was stored.
  /// - Throws: ``TransferError``: the file is malformed, the destination failed, or (all or
  ///   nothing) ``TransferError/rowsRefused(_:of:)``. Nothing is stored then.
  /// - Complexity: O(n) in the file's size, times the destination's cost of one row.
  public func run<Destination: ImportDestination>(
    reading handle: FileHandle, name: String, into destination: Destination,
    report: (ImportRefusal) -> Void
  ) throws(TransferError) -> ImportSummary {
    var summary = ImportSummary()
    do throws(TransferError) {
      switch format {
      case .csv:
        try readCSV(handle, name: name, into: destination, summary: &summary, report: report)
      case .json:
        try readJSON(handle, name: name, into: destination, summary: &summary, report: report)
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

  /// Adds one row, or says why it is refused; throws when the whole import must stop.
  func refusal<Destination: ImportDestination>(
    adding cells: () throws(TransferError) -> ImportRow, to destination: Destination
  ) throws(TransferError) -> String? {
    let row: ImportRow
    do throws(TransferError) {
      row = try cells()
    } catch {
      return error.description
    }
    do throws(Destination.Failure) {
      try destination.add(row)
    } catch {
      guard Destination.refusesOnlyTheRow(error) else { throw .destination(error) }
      return "\(error)"
    }
    return nil
  }
}
