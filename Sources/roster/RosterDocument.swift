/// The JSON document `roster export --format json` writes and `roster import` reads, schema
/// version 1 (see `roster export --help`).
struct RosterDocument: Decodable {
  struct RuleField: Decodable {
    let kind: String
    let pattern: String?
  }

  struct CategoryField: Decodable {
    let name: String
    let color: String?
  }

  struct EntryField: Decodable {
    let id: String?
    let text: String
    let category: String?
    let created: String?
    let updated: String?
  }

  /// The schema version: 1.
  let roster: Int
  let title: String?
  let rule: RuleField?
  let categories: [CategoryField]?
  let entries: [EntryField]

  /// The version this program reads and writes.
  static let version = 1
  /// The largest JSON file read (JSON is parsed whole; use CSV for bigger lists).
  static let maximumBytes = 512 << 20
}
