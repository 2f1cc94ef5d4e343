/// The JSON document `roster export --format json` writes and `roster import` reads, schema
/// version 1:
///
/// ```json
/// {"roster":1,"title":"Guests","rule":{"kind":"personal-name"},
///  "categories":[{"name":"Family","color":"#1c71d8"}],
///  "entries":[{"id":"…","text":"Anna","category":"Family","created":"…","updated":"…"}]}
/// ```
///
/// Read it with ``read(from:name:)``; write it, streaming, with ``ExportWriter``.
public struct RosterDocument: Decodable, Sendable {
  /// The list's rule as written: `kind` is `personal-name`, `text` or `pattern`.
  public struct RuleField: Decodable, Sendable {
    /// The rule's kind.
    public let kind: String
    /// The regular expression of a pattern rule.
    public let pattern: String?
  }

  /// A category as written: its name and `#rrggbb` colour.
  public struct CategoryField: Decodable, Sendable {
    /// The category's name.
    public let name: String
    /// The colour as `#rrggbb`; the palette colour when absent.
    public let color: String?
  }

  /// An entry as written; absent ids and times are made on import.
  public struct EntryField: Decodable, Sendable {
    /// The entry's id (a UUID).
    public let id: String?
    /// The entry's text.
    public let text: String
    /// The entry's category name.
    public let category: String?
    /// The creation time, ISO 8601 UTC.
    public let created: String?
    /// The last change, ISO 8601 UTC.
    public let updated: String?
  }

  /// The schema version: 1.
  public let roster: Int
  /// The list's title.
  public let title: String?
  /// The list's rule.
  public let rule: RuleField?
  /// The list's categories.
  public let categories: [CategoryField]?
  /// The entries, in list order.
  public let entries: [EntryField]

  /// The version this program reads and writes.
  public static let version = 1
  /// The largest JSON file read (JSON is parsed whole; use CSV for bigger lists).
  public static let maximumBytes = 512 << 20
}
