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
  /// Why it was refused: a ``TransferError`` (a bad id or time) or the destination's own
  /// error (a RosterKit refusal, a duplicate id), for a front end to word.
  public let cause: any Error
  /// Why it was refused, in English: the cause's description.
  public let reason: String

  /// A refusal of the row at `location` of `file`, for `cause`.
  public init(file: String, location: Location, cause: any Error) {
    self.file = file
    self.location = location
    self.cause = cause
    self.reason = "\(cause)"
  }

  /// The same file, place and reason (the cause is compared by its words).
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.file == rhs.file && lhs.location == rhs.location && lhs.reason == rhs.reason
  }

  /// `FILE line N: reason` or `FILE entry N: reason`.
  public var description: String {
    switch location {
    case .line(let line): "\(file) line \(line): \(reason)"
    case .entry(let index): "\(file) entry \(index): \(reason)"
    }
  }
}
