public import Foundation
public import RosterKit

/// A list as the store describes it without loading its entries.
public struct ListSummary: Hashable, Sendable, Identifiable {
  /// The list's identity.
  public var id: UUID
  /// The list's title.
  public var title: String
  /// The list's rule.
  public var rule: Rule
  /// How many entries the list has.
  public var count: Int
  /// The order the list keeps itself in, or `nil` (``RosterKit/RosterList/keepSorted``).
  public var keepSorted: EntryOrder?

  /// Creates a summary.
  public init(id: UUID, title: String, rule: Rule, count: Int, keepSorted: EntryOrder? = nil) {
    self.id = id
    self.title = title
    self.rule = rule
    self.count = count
    self.keepSorted = keepSorted
  }
}
