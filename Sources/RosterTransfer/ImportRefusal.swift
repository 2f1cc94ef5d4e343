/// One row an import refused, and where it is in the file.
public struct ImportRefusal: Equatable, Sendable, CustomStringConvertible {
  /// Where a row is: a line of a CSV file, or an entry (1-based) of a JSON document.
  public enum Location: Equatable, Sendable {
    /// The 1-based line a CSV record starts on.
    case line(Int)
    /// The 1-based position in a document's `entries`.
    case entry(Int)
  }

  /// The file's name, as the import was given it.
  public let file: String
  /// Where the row is.
  public let location: Location
  /// Why it was refused.
  public let reason: String

  /// `FILE line N: reason` or `FILE entry N: reason`.
  public var description: String {
    switch location {
    case .line(let line): "\(file) line \(line): \(reason)"
    case .entry(let index): "\(file) entry \(index): \(reason)"
    }
  }
}
