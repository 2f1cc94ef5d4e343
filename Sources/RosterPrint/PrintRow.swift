public import RosterKit

/// One entry as a printed page shows it: its text and its category.
public struct PrintRow: Equatable, Sendable {
  /// The entry's text.
  public var text: String
  /// The category's name, if any.
  public var category: String?

  /// A row from its parts.
  public init(text: String, category: String? = nil) {
    self.text = text
    self.category = category
  }

  /// The row of `entry`.
  public init(_ entry: Entry) {
    self.init(text: entry.text, category: entry.category)
  }
}
