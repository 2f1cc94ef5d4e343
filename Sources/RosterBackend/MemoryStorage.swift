public import Foundation
public import RosterKit

/// Lists kept in memory for as long as the process runs: the reference backend, the app's
/// stand-in for the database, and the store the controller tests use.
///
/// ```swift
/// let storage = MemoryStorage()
/// let guests = try storage.createList(title: "Guests", rule: .personalName)
/// try storage.loadList(guests.id).append("Anna Lindqvist")   // stored: it is the same list
/// ```
///
/// ``loadList(_:)`` hands out the same ``RosterKit/RosterList`` every time, so nothing needs recording.
/// It has one writer and no history of its own (``StorageCapabilities/local``): undo is the
/// list's own.
public final class MemoryStorage: RosterStorage {
  private var loaded: [UUID: RosterList] = [:]
  private var order: [UUID] = []

  /// Creates a store holding `lists`.
  /// - Precondition: the lists' ids are distinct.
  public init(_ lists: [RosterList] = []) {
    for list in lists {
      precondition(loaded.updateValue(list, forKey: list.id) == nil, "Two lists share an id.")
      order.append(list.id)
    }
  }

  /// Every list with its count, in creation order.
  /// - Complexity: O(l) in the number of lists.
  public func lists() throws(StoreError) -> [ListSummary] {
    order.compactMap { id in
      loaded[id].map {
        ListSummary(
          id: id, title: $0.title, rule: $0.rule, count: $0.count, keepSorted: $0.keepSorted)
      }
    }
  }

  /// Creates an empty list.
  /// - Throws: ``StoreError/listExists(_:)``, or a refusal of the title.
  /// - Complexity: O(l) in the number of lists.
  public func createList(title: String, rule: Rule) throws(StoreError) -> ListSummary {
    let title = try StoreError.wrapping { () throws(RosterError) in
      try RosterList.normalizedTitle(title)
    }
    try refuseTaken(title)
    let list = RosterList(title: title, rule: rule)
    loaded[list.id] = list
    order.append(list.id)
    return ListSummary(id: list.id, title: title, rule: rule, count: 0)
  }

  /// Renames a list, as one undoable action of the list.
  /// - Throws: ``StoreError/listNotFound(_:)``, ``StoreError/listExists(_:)``, or a refusal of
  ///   the title.
  /// - Complexity: O(l) in the number of lists.
  public func renameList(_ id: UUID, to title: String) throws(StoreError) {
    let list = try loadList(id)
    let edits = try StoreError.wrapping { () throws(RosterError) in
      try RosterList.retitling(list.title, to: title)
    }
    for case .title(_, let new) in edits { try refuseTaken(new) }
    list.perform(action: edits)
  }

  /// Forgets a list.
  /// - Throws: ``StoreError/listNotFound(_:)``.
  public func deleteList(_ id: UUID) throws(StoreError) {
    guard loaded.removeValue(forKey: id) != nil else { throw .listNotFound(id.uuidString) }
    order.removeAll { $0 == id }
  }

  /// The list itself.
  /// - Throws: ``StoreError/listNotFound(_:)``.
  public func loadList(_ id: UUID) throws(StoreError) -> RosterList {
    guard let list = loaded[id] else { throw .listNotFound(id.uuidString) }
    return list
  }

  /// Nothing to store: the list in memory is the stored one.
  /// - Throws: ``StoreError/listNotFound(_:)``.
  public func record(_ change: ListChange, in list: UUID) throws(StoreError) -> Int64 {
    _ = try loadList(list)
    return 0
  }

  /// No other writers: no edits, and the same position.
  /// - Throws: ``StoreError/listNotFound(_:)``.
  public func changes(in list: UUID, since: Int64) throws(StoreError) -> (
    edits: [ListEdit], position: Int64
  ) {
    _ = try loadList(list)
    return ([], since)
  }

  /// No history in the store (the list's own undo is the only one): always `nil`.
  /// - Throws: ``StoreError/listNotFound(_:)``.
  public func undo(in list: UUID) throws(StoreError) -> [ListEdit]? {
    _ = try loadList(list)
    return nil
  }

  /// No history in the store: always `nil`.
  /// - Throws: ``StoreError/listNotFound(_:)``.
  public func redo(in list: UUID) throws(StoreError) -> [ListEdit]? {
    _ = try loadList(list)
    return nil
  }

  /// No other writers.
  public func hasExternalChanges() throws(StoreError) -> Bool { false }

  /// Throws ``StoreError/listExists(_:)`` when a list has `title`.
  private func refuseTaken(_ title: String) throws(StoreError) {
    guard !loaded.values.contains(where: { $0.title == title }) else {
      throw .listExists(title)
    }
  }
}
