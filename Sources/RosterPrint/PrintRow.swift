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
  /// On a register, the entry's mark in each session (`P`, `L`, or empty).
  public var marks: [String]
  /// Whether the row is a register's last, counting each session's check-ins: no number.
  public var isTotal: Bool

  /// A row from its parts.
  public init(
    text: String, category: String? = nil, isCheckedIn: Bool = false, marks: [String] = [],
    isTotal: Bool = false
  ) {
    self.text = text
    self.category = category
    self.isCheckedIn = isCheckedIn
    self.marks = marks
    self.isTotal = isTotal
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
