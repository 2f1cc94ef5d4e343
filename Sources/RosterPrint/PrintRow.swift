public import RosterKit

/// One entry as a printed page shows it: its text, its category, and on a sign-in sheet
/// whether its box is ticked (checked in already in the sheet's session).
public struct PrintRow: Equatable, Sendable {
  /// The entry's text.
  public var text: String
  /// The category's name, if any.
  public var category: String?
  /// Whether a sign-in sheet ticks the row's box: the entry is checked in already.
  public var isCheckedIn: Bool

  /// A row from its parts.
  public init(text: String, category: String? = nil, isCheckedIn: Bool = false) {
    self.text = text
    self.category = category
    self.isCheckedIn = isCheckedIn
  }

  /// The row of `entry`.
  public init(_ entry: Entry) {
    self.init(text: entry.text, category: entry.category)
  }

  /// The row of `entry`, ticked on a sign-in sheet when `isCheckedIn`.
  public init(_ entry: Entry, isCheckedIn: Bool) {
    self.init(text: entry.text, category: entry.category, isCheckedIn: isCheckedIn)
  }
}
