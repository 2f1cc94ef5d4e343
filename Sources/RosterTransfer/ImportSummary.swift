/// What an import read and did.
public struct ImportSummary: Equatable, Sendable {
  /// The rows read (a CSV header is not a row).
  public internal(set) var rows = 0
  /// The rows refused, each reported as an ``ImportRefusal``.
  public internal(set) var refused = 0
  /// Whether the rows were stored: `false` after a dry run.
  public internal(set) var isCommitted = false

  /// The rows that were (or, in a dry run, would be) imported.
  public var imported: Int { rows - refused }
}
