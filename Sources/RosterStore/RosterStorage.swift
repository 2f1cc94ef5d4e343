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

  /// Creates a summary.
  public init(id: UUID, title: String, rule: Rule, count: Int) {
    self.id = id
    self.title = title
    self.rule = rule
    self.count = count
  }
}

/// Where lists live. SQLite (``SQLiteStore``) is the embedded default; a shared server
/// backend (PostgreSQL with live updates) is meant to fit behind the same protocol.
///
/// Front ends mutate a loaded ``RosterList`` and hand each ``ListChange`` to ``record(_:in:)``,
/// which stores it in one transaction; they learn of other processes' changes from
/// ``changes(in:since:)`` and replay them with ``RosterList/apply(_:)``.
public protocol RosterStorage: AnyObject {
  /// Every list with its entry count, in creation order.
  func lists() throws(StoreError) -> [ListSummary]
  /// Creates a list.
  func createList(title: String, rule: Rule) throws(StoreError) -> ListSummary
  /// Deletes a list and its entries, categories and history.
  func deleteList(_ id: UUID) throws(StoreError)
  /// Loads a list with all its entries, ready to edit. O(n).
  func loadList(_ id: UUID) throws(StoreError) -> RosterList
  /// Stores one action's edits in one transaction, and remembers them for undo.
  /// - Returns: The change-log position after this change.
  @discardableResult
  func record(_ change: ListChange, in list: UUID) throws(StoreError) -> Int64
  /// Edits other writers made to a list after change-log position `since`, and the position
  /// to ask from next time.
  func changes(in list: UUID, since: Int64) throws(StoreError) -> (
    edits: [ListEdit], position: Int64
  )
  /// Whether any other connection changed the database since the last call. Cheap: no query
  /// of the data.
  func hasExternalChanges() throws(StoreError) -> Bool
}
