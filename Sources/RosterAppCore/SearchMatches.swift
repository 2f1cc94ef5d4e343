public import Foundation
public import RosterKit

/// The entries a search shows, in list order, kept in step with the list's changes without
/// searching again.
///
/// Removed entries leave and inserted matching entries join at their place in list order. An
/// entry whose text changes in place keeps its row either way: a result the person is editing
/// does not vanish under the caret.
public struct SearchMatches: Equatable, Sendable {
  /// The search.
  public let filter: SearchFilter
  /// The matching entries' ids, in list order.
  public private(set) var ids: [UUID]

  /// The entries of `list` that `filter` matches.
  /// - Complexity: O(n · m).
  public init(filter: SearchFilter, in list: RosterList) {
    self.filter = filter
    ids = filter.matches(in: list)
  }

  /// Takes the entry `id` out of the results, if it is there.
  /// - Returns: The position it had.
  /// - Complexity: O(k) for k results.
  public mutating func remove(_ id: UUID) -> Int? {
    guard let index = ids.firstIndex(of: id) else { return nil }
    ids.remove(at: index)
    return index
  }

  /// Adds the entry `id` of `list` to the results, in list order, if the filter matches it.
  /// - Returns: The position it took.
  /// - Complexity: O(k + log k · log n) for k results in a list of n entries.
  public mutating func insert(_ id: UUID, in list: RosterList) -> Int? {
    guard let entry = list.entry(id: id), filter.matches(entry), let offset = list.offset(of: id)
    else { return nil }
    var low = 0
    var high = ids.count
    while low < high {
      let mid = (low + high) / 2
      if (list.offset(of: ids[mid]) ?? 0) < offset { low = mid + 1 } else { high = mid }
    }
    ids.insert(id, at: low)
    return low
  }
}
