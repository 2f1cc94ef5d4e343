public import RosterKit

extension EntryOrder {
  /// The order as one line a store keeps with the list: `FIELD DIRECTION LOCALE`, such as
  /// `last-word ascending de_DE` (the locale is empty for the root collation). Every backend
  /// stores this text, so that they read each other's exports alike.
  public var storageText: String {
    "\(field.rawValue) \(descending ? "descending" : "ascending") \(locale)"
  }

  /// Reads ``storageText``; `nil` when it is not one.
  public init?(storageText text: String) {
    let parts = text.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count == 3, let field = Field(rawValue: String(parts[0])),
      parts[1] == "ascending" || parts[1] == "descending"
    else { return nil }
    self.init(field: field, descending: parts[1] == "descending", locale: String(parts[2]))
  }
}
