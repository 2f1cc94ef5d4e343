extension TransferError {
  /// What is wrong at a line of a file that is not well-formed, as data, so that a front end
  /// can word it; ``description`` is the English.
  public enum Malformation: Equatable, Sendable, CustomStringConvertible {
    /// The bytes are not UTF-8, from this 0-based byte of the file.
    case invalidUTF8(byte: Int)
    /// A record has more fields than a CSV file may.
    case tooManyFields(limit: Int)
    /// A `"` in a field that does not start with one.
    case quoteInUnquotedField
    /// Something other than a comma or a line break after a field's closing quote.
    case textAfterClosingQuote
    /// The file ends inside a quoted field that starts on the line.
    case unclosedQuote
    /// A field is longer than a CSV file's fields may be, in bytes.
    case fieldTooLong(limit: Int)
    /// The file stopped being readable here; the system's own words.
    case unreadable(String)

    /// The English sentence, ending with a full stop.
    public var description: String {
      switch self {
      case .invalidUTF8(let byte): "invalid UTF-8 at byte \(byte) of the file."
      case .tooManyFields(let limit): "more than \(limit) fields."
      case .quoteInUnquotedField: "a quote inside an unquoted field: quote the whole field."
      case .textAfterClosingQuote:
        "text after a closing quote: double quotes inside a field (\"\")."
      case .unclosedQuote: "a quoted field is never closed (it starts on this line)."
      case .fieldTooLong(let limit): "a field is longer than \(limit) bytes; is this a CSV file?"
      case .unreadable(let detail): "cannot read: \(detail)"
      }
    }
  }
}
