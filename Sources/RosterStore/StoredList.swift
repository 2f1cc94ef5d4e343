package import Foundation
import RosterBackend
package import RosterKit

/// A list's row in the `lists` table: its internal key and what its summary shows.
package struct StoredList: ListRowFacts {
  /// The `lists.id` rowid other tables refer to.
  let row: Int64
  package let id: UUID
  package let title: String
  package let rule: Rule
  /// The highest change-log position already pruned for this list.
  let pruned: Int64
  /// The order the list keeps itself in, if any.
  package let keepSorted: EntryOrder?

  /// The columns ``init(_:)`` reads, in order.
  static let columns = "id, uuid, title, rule, pattern, pruned, keep_sorted"

  /// Reads a row selected with ``columns``.
  init(_ statement: Statement) throws(StoreError) {
    row = statement.integer(0)
    guard let id = statement.uuid(1) else {
      throw .database("A list in the database has a malformed id.")
    }
    self.id = id
    title = statement.text(2) ?? ""
    rule = try Self.rule(kind: statement.text(3) ?? "", pattern: statement.text(4))
    pruned = statement.integer(5)
    keepSorted = try statement.text(6).map { (text) throws(StoreError) in
      guard let order = EntryOrder(storageText: text) else {
        throw .database("A list in the database has an unreadable keep-sorted order “\(text)”.")
      }
      return order
    }
  }

  /// The rule stored as `kind` and `pattern`.
  static func rule(kind: String, pattern: String?) throws(StoreError) -> Rule {
    switch Rule.Kind(rawValue: kind) {
    case .personalName: return .personalName
    case .text: return .text
    case .pattern:
      do throws(RosterError) {
        return try Rule.pattern(pattern ?? "")
      } catch {
        throw .roster(error)
      }
    case nil: throw .database("A list in the database has an unknown rule “\(kind)”.")
    }
  }
}
