package import Foundation
package import RosterKit

/// What every engine's bulk import does with a row before and after storing it, written once:
/// its category name normalized (each distinct one once per batch), its entry made by RosterKit
/// (``RosterKit/RosterList/newEntry(_:rule:category:id:created:updated:now:makeID:)``: the text
/// checked by the list's rule), its order key after the list's last; then the categories it
/// creates, the undoable insert edits (up to a limit) and the count.
///
/// ```swift
/// var book = ImportBookkeeping(categories: try store.categories(of: list), last: last,
///                              loggedEditLimit: 10_000)
/// let (entry, key) = try book.entry(text: "Anna", rule: rule, now: store.now, makeID: store.makeID)
/// try store(entry, key)                       // the engine's own part
/// book.stored(entry, key: key)
/// ```
package struct ImportBookkeeping {
  /// The list's categories when the import began.
  package let originalCategories: [EntryCategory]
  /// The categories with those the rows and the document created.
  package private(set) var categories: [EntryCategory]
  /// The undoable edits of the rows stored so far; `nil` past `loggedEditLimit` rows.
  package private(set) var inserts: [ListEdit]? = []
  /// How many rows were stored.
  package private(set) var count = 0
  private var lastKey: Int64?
  private var lastID: UUID?
  private let loggedEditLimit: Int
  /// Category names as given, normalized (`nil` for a blank one).
  private var categoryNames: [String: String?] = [:]

  /// The bookkeeping of an import into a list with `categories`, whose last entry is `last`.
  package init(
    categories: [EntryCategory], last: (key: Int64, id: UUID)?, loggedEditLimit: Int
  ) {
    originalCategories = categories
    self.categories = categories
    lastKey = last?.key
    lastID = last?.id
    self.loggedEditLimit = loggedEditLimit
  }

  /// The entry a row makes and the key that puts it after the list's last.
  /// - Parameters:
  ///   - text: The text, checked and normalized by `rule`.
  ///   - category: A category name, normalized.
  ///   - id: The entry's id; `makeID`'s when `nil`.
  ///   - created: The creation time; `now`'s when `nil`.
  ///   - updated: The last change; `created` when `nil`.
  ///   - rule: The list's rule.
  ///   - now: The clock.
  ///   - makeID: Makes the id of a row that brings none.
  /// - Returns: The entry and its key, for the engine to store.
  /// - Throws: ``StoreError/refused(_:_:)`` or a refusal of the category name (the row alone
  ///   is refused), or ``StoreError/database(_:)`` when no key is left at the list's end.
  /// - Complexity: O(n) in the row's text; O(1) for a category name already seen.
  package mutating func entry(
    text: String, category: String? = nil, id: UUID? = nil, created: Date? = nil,
    updated: Date? = nil, rule: Rule, now: () -> Date, makeID: () -> UUID
  ) throws(StoreError) -> (entry: Entry, key: Int64) {
    let categoryName = try normalizedCategory(category)
    let entry = try StoreError.checking(text) { () throws(RosterError) in
      try RosterList.newEntry(
        text, rule: rule, category: categoryName, id: id, created: created, updated: updated,
        now: now, makeID: makeID)
    }
    guard let key = OrderKey.between(lastKey, nil) else {
      throw .database("The list has no room left at its end.")
    }
    return (entry, key)
  }

  /// Takes note of `entry`, stored at `key`: the category it creates, its insert edit.
  /// - Complexity: O(c) in the list's categories when the entry creates one, else O(1).
  package mutating func stored(_ entry: Entry, key: Int64) {
    apply(CategoryRules(categories).creating(entry.category))
    if inserts != nil {
      inserts?.append(.insert(entry, offset: Int.max, after: lastID))
      if (inserts?.count ?? 0) > loggedEditLimit { inserts = nil }
    }
    lastKey = key
    lastID = entry.id
    count += 1
  }

  /// Adds a category with its colour, or sets the colour of the one with this name, by
  /// ``RosterKit/CategoryRules/adopting(_:)``; a blank name is ignored.
  /// - Throws: A refusal of the name.
  package mutating func addCategory(_ category: EntryCategory) throws(StoreError) {
    let rules = CategoryRules(categories)
    apply(try StoreError.wrapping { () throws(RosterError) in try rules.adopting(category) })
  }

  /// The category edit the import makes, if its categories changed.
  package var categoryEdit: ListEdit? {
    categories == originalCategories
      ? nil : .categories(old: originalCategories, new: categories)
  }

  /// A category name as ``RosterKit/CategoryRules/normalizedName(_:)`` gives it, each distinct
  /// name validated once per batch: most rows repeat a few categories.
  private mutating func normalizedCategory(_ name: String?) throws(StoreError) -> String? {
    guard let name else { return nil }
    if let known = categoryNames[name] { return known }
    let normalized = try StoreError.wrapping { () throws(RosterError) in
      try CategoryRules.normalizedName(name)
    }
    categoryNames[name] = normalized
    return normalized
  }

  /// Takes the categories that `edits` from ``RosterKit/CategoryRules`` give the list.
  private mutating func apply(_ edits: [ListEdit]) {
    for case .categories(_, let new) in edits { categories = new }
  }
}
