package import Foundation
import RosterBackend
package import RosterKit

/// A list's row in the `lists` table, as a transaction read it.
package struct PostgresList: ListRowFacts {
  /// The `lists.id` the other tables refer to.
  let row: Int64
  package let id: UUID
  package let title: String
  package let rule: Rule
  /// The highest change-log sequence number already pruned.
  let pruned: Int64
  /// The last sequence number given out.
  let seq: Int64
  /// The entry count the store keeps.
  let size: Int
  /// The order the list keeps itself in, or `nil` (``RosterKit/RosterList/keepSorted``).
  package let keepSorted: EntryOrder?

  /// The columns ``init(_:at:)`` reads, in order.
  static let columns = "id, uuid, title, rule, pattern, pruned, seq, size, keep_sorted"

  /// Reads row `index` of a result selected with ``columns``.
  init(_ result: QueryResult, at index: Int = 0) throws(StoreError) {
    row = result.integer(index, 0)
    guard let id = result.uuid(index, 1) else {
      throw .database("A list in the database has a malformed id.")
    }
    self.id = id
    title = result.text(index, 2) ?? ""
    let kind = result.text(index, 3) ?? ""
    switch Rule.Kind(rawValue: kind) {
    case .personalName: rule = .personalName
    case .text: rule = .text
    case .pattern:
      do throws(RosterError) {
        rule = try Rule.pattern(result.text(index, 4) ?? "")
      } catch {
        throw .roster(error)
      }
    case nil: throw .database("A list in the database has an unknown rule “\(kind)”.")
    }
    pruned = result.integer(index, 5)
    seq = result.integer(index, 6)
    size = Int(result.integer(index, 7))
    keepSorted = result.text(index, 8).flatMap { EntryOrder(storageText: $0) }
  }

  /// The list as ``RosterBackend/ListSummary`` describes it.
  var summary: ListSummary {
    ListSummary(id: id, title: title, rule: rule, count: size, keepSorted: keepSorted)
  }

  /// The row id as a statement parameter.
  var key: String { String(row) }
}
