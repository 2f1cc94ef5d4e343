import RosterBackend
import RosterKit
public import RosterTransfer

/// RosterTransfer's ``TransferError`` and ``ImportRefusal`` in the user's language; in the C
/// locale exactly their English `description`s. The system's own words (a file that cannot be
/// read) and a JSON decoder's detail stay as they are.
public enum TransferErrorWording {
  /// The one line that tells a person why a file could not be read, written or imported.
  /// - Complexity: O(*n*) in the length of the texts it quotes (the first row's cells).
  public static func sentence(for error: TransferError) -> String {
    switch error {
    case .malformed(let file, let line, let reason):
      localized("%1$@ line %2$@: %3$@", file, line, sentence(for: reason))
    case .unreadable(let file, let reason): localized("Cannot read “%1$@”: %2$@", file, reason)
    case .tooLarge(let file, let limit):
      localized(
        "%1$@ is larger than %2$@ MB: export and import CSV for lists this big.", file,
        limit >> 20)
    case .notADocument(let file, let reason):
      localized("%1$@ is not a Roster JSON document: %2$@", file, reason)
    case .unsupportedVersion(let file, let version):
      localized(
        "%1$@ has Roster JSON version %2$@; this roster reads version %3$@.", file, version,
        RosterDocument.version)
    case .invalidCategoryColor(let file, let name):
      localized(
        "%1$@: the category “%2$@” has a colour that is not #rrggbb.", file,
        StoreError.visible(name))
    case .refusedCategory(let file, let name, let reason):
      localized("%1$@: the category “%2$@”: %3$@", file, StoreError.visible(name), cause(reason))
    case .invalidID(let text): localized("“%@” is not an id.", text)
    case .invalidTime(let text):
      localized("“%@” is not a time like 2026-11-30T20:15:00.000Z.", text)
    case .rowsRefused(let refused, let rows):
      localized("Nothing imported: %1$@ of %2$@ rows refused.", refused, rows)
    case .destination(let error): cause(error)
    default: columnSentence(for: error)
    }
  }

  /// The line for one refused row: `FILE line N: reason` or `FILE entry N: reason`.
  /// - Complexity: O(1), plus the length of the texts it quotes.
  public static func sentence(for refusal: ImportRefusal) -> String {
    switch refusal.location {
    case .line(let line):
      localized("%1$@ line %2$@: %3$@", refusal.file, line, reason(for: refusal))
    case .entry(let index):
      localized("%1$@ entry %2$@: %3$@", refusal.file, index, reason(for: refusal))
    }
  }

  /// Why one row was refused, without its place: the cause in words.
  /// - Complexity: O(1), plus the length of the texts it quotes.
  public static func reason(for refusal: ImportRefusal) -> String {
    cause(refusal.cause)
  }

  /// What is wrong at a line of a file that is not well-formed.
  /// - Complexity: O(1).
  public static func sentence(for malformation: TransferError.Malformation) -> String {
    switch malformation {
    case .invalidUTF8(let byte): localized("invalid UTF-8 at byte %@ of the file.", byte)
    case .tooManyFields(let limit): localized("more than %@ fields.", limit)
    case .quoteInUnquotedField:
      localized("a quote inside an unquoted field: quote the whole field.")
    case .textAfterClosingQuote:
      localized("text after a closing quote: double quotes inside a field (\"\").")
    case .unclosedQuote: localized("a quoted field is never closed (it starts on this line).")
    case .fieldTooLong(let limit):
      localized("a field is longer than %@ bytes; is this a CSV file?", limit)
    case .unreadable(let detail): localized("cannot read: %@", detail)
    }
  }

  /// The errors of choosing a CSV file's columns, and cancelling.
  private static func columnSentence(for error: TransferError) -> String {
    switch error {
    case .columnsNotChosen(let file, let columns):
      localized(
        "%1$@: the first row is not Roster's header (text,category,…) and has %2$@ columns: %3$@.",
        file, columns.count, list(columns))
    case .headerNotChosen(let file, let columns):
      localized("%1$@: say whether the first row (%2$@) is a header.", file, list(columns))
    case .noSuchColumn(let file, let column, let columns) where Int(column) != nil:
      localized(
        "%1$@: no column %2$@; the first row has %3$@ columns: %4$@.", file, column,
        columns.count, list(columns))
    case .noSuchColumn(let file, let column, let columns):
      localized(
        "%1$@: no column “%2$@”; the first row has %3$@ columns: %4$@.", file,
        StoreError.visible(column), columns.count, list(columns))
    case .ambiguousColumn(let file, let column, let numbers):
      localized(
        "%1$@: “%2$@” names columns %3$@; give its number.", file, StoreError.visible(column),
        // TRANSLATORS: between the numbers of the columns a name matches: "2 and 5".
        numbers.map(String.init).joined(separator: localized(" and ")))
    case .namedColumnWithoutHeader(let file):
      localized("%@: only a header row names columns; without one, give their numbers.", file)
    case .textColumnsNotChosen(let file):
      localized("%@: a category column needs the text columns too.", file)
    case .cancelled: localized("Cancelled; nothing was written.")
    default: error.description
    }
  }

  /// The cells of a first row as a person reads them: `1 “Last name”, 2 “First name”`.
  private static func list(_ columns: [String]) -> String {
    columns.enumerated()
      .map { localized("%1$@ “%2$@”", $0 + 1, StoreError.visible($1)) }
      .joined(separator: ", ")
  }

  /// A destination's refusal of a row or category, or a row's own error.
  private static func cause(_ error: any Error) -> String {
    ErrorWording.sentence(for: error)
  }
}
