public import Foundation
public import RosterKit
public import RosterStore

/// Lists kept in memory for as long as the app runs: the stand-in for the database, and the
/// store the controller tests use.
///
/// ``loadList(_:)`` hands out the same ``RosterList`` every time, so nothing needs recording.
public final class MemoryStorage: RosterStorage {
  private var loaded: [UUID: RosterList] = [:]
  private var order: [UUID] = []

  /// Creates a store holding `lists`.
  public init(_ lists: [RosterList] = []) {
    for list in lists {
      loaded[list.id] = list
      order.append(list.id)
    }
  }

  /// Every list with its count, in creation order.
  public func lists() throws(StoreError) -> [ListSummary] {
    order.compactMap { id in
      loaded[id].map { ListSummary(id: id, title: $0.title, rule: $0.rule, count: $0.count) }
    }
  }

  /// Creates an empty list.
  public func createList(title: String, rule: Rule) throws(StoreError) -> ListSummary {
    let list = RosterList(title: title, rule: rule)
    loaded[list.id] = list
    order.append(list.id)
    return ListSummary(id: list.id, title: title, rule: rule, count: 0)
  }

  /// Forgets a list.
  public func deleteList(_ id: UUID) throws(StoreError) {
    guard loaded.removeValue(forKey: id) != nil else { throw .listNotFound(id.uuidString) }
    order.removeAll { $0 == id }
  }

  /// The list itself.
  public func loadList(_ id: UUID) throws(StoreError) -> RosterList {
    guard let list = loaded[id] else { throw .listNotFound(id.uuidString) }
    return list
  }

  /// Nothing to do: the list in memory is the stored one.
  public func record(_ change: ListChange, in list: UUID) throws(StoreError) -> Int64 { 0 }

  /// No other writers.
  public func changes(in list: UUID, since: Int64) throws(StoreError) -> (
    edits: [ListEdit], position: Int64
  ) { ([], since) }

  /// No other writers.
  public func hasExternalChanges() throws(StoreError) -> Bool { false }
}
