public import Foundation
public import RosterKit

/// A search as the window shows it: text (case- and accent-insensitive), a category, and who
/// has arrived (``PresenceFilter``).
///
/// ``matches(in:)`` runs RosterKit's search once; ``matches(_:)`` checks one entry in O(m), so
/// an entry added during a search joins the results without searching again.
public struct SearchFilter: Equatable, Sendable {
  /// The text to look for; blank matches everything.
  public var query: String
  /// Only entries with this category, or any when `nil`.
  public var category: String?
  /// Only entries whose attendance the filter keeps, or any when `nil`.
  public var presence: PresenceFilter?

  private var folded: String {
    Self.fold(query.trimmingCharacters(in: .whitespaces))
  }

  /// Creates a filter.
  public init(query: String = "", category: String? = nil, presence: PresenceFilter? = nil) {
    self.query = query
    self.category = category
    self.presence = presence?.isEverything == true ? nil : presence
  }

  /// Whether the filter shows the whole list.
  public var isEmpty: Bool {
    query.trimmingCharacters(in: .whitespaces).isEmpty && category == nil && presence == nil
  }

  /// The ids of the matching entries, in list order.
  /// - Complexity: O(n · m).
  public func matches(in list: RosterList) -> [UUID] {
    let ids = list.search(query, category: category).ids
    guard let presence else { return ids }
    return ids.filter(presence.keeps)
  }

  /// Whether `entry` matches.
  /// - Complexity: O(m) in the text's length.
  public func matches(_ entry: RosterKit.Entry) -> Bool {
    if let category, entry.category != category { return false }
    if let presence, !presence.keeps(entry.id) { return false }
    let needle = folded
    return needle.isEmpty || Self.fold(entry.text).contains(needle)
  }

  private static func fold(_ text: String) -> String {
    text.folding(
      options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
  }
}
