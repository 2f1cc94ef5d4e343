public import Foundation
public import RosterBackend
public import RosterKit

/// Entries to append to a list as ONE user action — one undo step, one change recorded in the
/// store — for a paste of many lines and for an import.
///
/// ```swift
/// var batch = EntryBatch(list: guests)
/// try batch.append("Anna", category: "Family")
/// try batch.append("Bob")
/// batch.commit()          // both appear; one Undo removes both
/// ```
@MainActor
public struct EntryBatch {
  /// The list the entries go to.
  public let list: RosterList
  /// The edits so far: new categories, then each insert after the one before.
  public private(set) var edits: [ListEdit] = []
  /// The entries appended so far, in order.
  public private(set) var entries: [Entry] = []
  private var categories: CategoryRules
  private var last: UUID?
  private var ids: Set<UUID> = []

  /// An empty batch for `list`.
  public init(list: RosterList) {
    self.list = list
    categories = CategoryRules(list.categories)
    last = list.entry(at: list.count - 1)?.id
  }

  /// Checks `text` by the list's rule and appends it after the entries before it: the entry
  /// is RosterKit's (``RosterKit/RosterList/newEntry(_:category:id:created:updated:)``, with
  /// the list's clock and ids).
  /// - Parameters:
  ///   - text: The text; the list's rule validates and normalizes it.
  ///   - category: A category name; created with its palette colour when new.
  ///   - id: The id to keep (an import of an export); a new one when `nil`.
  ///   - created: The creation time; now when `nil`.
  ///   - updated: The last change; `created` when `nil`.
  /// - Returns: The entry as it will be stored.
  /// - Throws: The errors, and so the messages, of the store's import batch:
  ///   ``StoreError/refused(_:_:)``, a refusal of the category's name, or
  ///   ``StoreError/duplicateEntry(_:)`` when the id is the list's or the batch's already.
  ///   Nothing is added then.
  /// - Complexity: O(log n) in the list's length.
  @discardableResult
  public mutating func append(
    _ text: String, category: String? = nil, id: UUID? = nil, created: Date? = nil,
    updated: Date? = nil
  ) throws(StoreError) -> Entry {
    let entry = try StoreError.checking(text) { () throws(RosterError) in
      try list.newEntry(text, category: category, id: id, created: created, updated: updated)
    }
    let entryID = entry.id
    guard !ids.contains(entryID), list.entry(id: entryID) == nil else {
      throw .duplicateEntry(entryID)
    }
    for edit in categories.creating(entry.category) {
      if case .categories(_, let new) = edit { categories = CategoryRules(new) }
      edits.append(edit)
    }
    edits.append(.insert(entry, offset: list.count + entries.count, after: last))
    entries.append(entry)
    ids.insert(entryID)
    last = entryID
    return entry
  }

  /// Adds a category with its colour, or sets the colour of the one with its name (a JSON
  /// document's categories).
  /// - Throws: A refusal of the name.
  public mutating func addCategory(_ category: EntryCategory) throws(StoreError) {
    let rules = categories
    let new = try StoreError.wrapping { () throws(RosterError) in try rules.adopting(category) }
    for edit in new {
      if case .categories(_, let after) = edit { categories = CategoryRules(after) }
      edits.append(edit)
    }
  }

  /// Appends everything as one user action: one undo step. In a list kept sorted each entry
  /// goes to its sorted place instead of the end (``RosterList/append(prepared:after:)``).
  /// - Returns: The change as applied (empty when the batch is).
  /// - Complexity: O(k log n) for k entries; O(k log² n) in a list kept sorted.
  @discardableResult
  public func commit() -> ListChange {
    guard list.keepSorted != nil else { return list.perform(action: edits) }
    let categoryEdits = edits.filter {
      if case .categories = $0 { return true }
      return false
    }
    return list.append(prepared: entries, after: categoryEdits)
  }
}
