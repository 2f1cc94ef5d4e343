package import Foundation
package import RosterKit

/// The command line's single-entry actions straight in SQL, the same on every engine: none
/// loads the list, each is one transaction, one undo step and one change-log row. The public
/// ``CommandStorage`` methods of ``SQLStorage`` call these, once for both engines.
extension EntryCommandStore {
  /// Validates `texts` with the list's rule and adds them, as one action: at the end, or each
  /// at its sorted place when the list keeps itself sorted. RosterKit decides
  /// (``RosterKit/RosterList/newEntry(_:rule:category:id:created:updated:now:makeID:)``,
  /// ``RosterKit/RosterList/insertion(of:count:last:keepSorted:collationProvider:entryAt:)``),
  /// as ``RosterKit/RosterList/append(contentsOf:category:)`` does in a loaded list.
  /// - Throws: ``StoreError/refused(_:_:)`` for the first refused text; nothing is added.
  /// - Complexity: O(k log n) for k texts; in a list kept sorted, O(log n) lookups by offset
  ///   each.
  package func performAdd(_ texts: [String], category: String?, to list: UUID)
    throws(StoreError) -> [Entry]
  {
    try write { () throws(StoreError) in
      let stored = try listForWriting(list)
      let stamp = now()
      let categoryName = try StoreError.wrapping { () throws(RosterError) in
        try CategoryRules.normalizedName(category)
      }
      var entries: [Entry] = []
      for text in texts {
        entries.append(
          try StoreError.checking(text) { () throws(RosterError) in
            try RosterList.newEntry(
              text, rule: stored.rule, category: categoryName, created: stamp, now: now,
              makeID: makeID)
          })
      }
      // Each insert is applied before the next is placed, so that a sorted place counts the
      // entries this action added before it.
      var applied = try apply(
        CategoryRules(try categories(of: stored)).creating(categoryName), in: stored)
      for entry in entries {
        let insert = try RosterList.insertion(
          of: entry, count: try entryCount(of: stored), last: try lastEntry(in: stored)?.id,
          keepSorted: stored.keepSorted, collationProvider: collationProvider
        ) { offset throws(StoreError) in try self.entry(at: offset, skipping: nil, in: stored) }
        applied += try apply([insert], in: stored)
      }
      _ = try remember(applied, in: stored)
      return entries
    }
  }

  /// The entry a person named.
  /// - Throws: ``StoreError/entryNotFound(_:)`` or ``StoreError/ambiguousEntry(_:matches:)``.
  /// - Complexity: O(log n) by id or prefix; O(p) for position p.
  package func lookUpEntry(_ reference: EntryReference, in list: UUID) throws(StoreError) -> Entry {
    try read { () throws(StoreError) in
      try resolve(reference, in: try listForReading(list)).entry
    }
  }

  /// Replaces an entry's text, validated by the list's rule: the entry before and after. In a
  /// list kept sorted the entry moves to its new place in the same action, by
  /// ``RosterKit/RosterList/resorting(_:predecessor:keepSorted:collationProvider:count:otherAt:)``,
  /// as ``RosterKit/RosterList/updateText(of:to:)`` moves it in a loaded list.
  /// - Complexity: O(log n), or O(p) for position p; in a list kept sorted, O(log n) lookups
  ///   by offset.
  package func performUpdateText(of reference: EntryReference, to text: String, in list: UUID)
    throws(StoreError) -> (old: Entry, new: Entry)
  {
    try write { () throws(StoreError) in
      let stored = try listForWriting(list)
      let (key, old) = try resolve(reference, in: stored)
      let edited = try StoreError.checking(text) { () throws(RosterError) in
        try RosterList.retexted(old, to: text, rule: stored.rule, now: now)
      }
      guard let new = edited else { return (old, old) }
      let move = try RosterList.resorting(
        new, predecessor: try neighbour(before: key, in: stored)?.id,
        keepSorted: stored.keepSorted, collationProvider: collationProvider,
        count: try entryCount(of: stored) - 1
      ) { offset throws(StoreError) in try self.entry(at: offset, skipping: new.id, in: stored) }
      _ = try act([.update(old: old, new: new)] + move, in: stored)
      return (old, new)
    }
  }

  /// Removes the entries named, as one action. Positions refer to the list before the removal.
  /// - Returns: The removed entries.
  /// - Complexity: O(k log n) for k references by id or prefix.
  package func performRemove(_ references: [EntryReference], from list: UUID)
    throws(StoreError) -> [Entry]
  {
    try write { () throws(StoreError) in
      let stored = try listForWriting(list)
      var edits: [ListEdit] = []
      var seen: Set<UUID> = []
      for reference in references {
        let entry = try resolve(reference, in: stored).entry
        if seen.insert(entry.id).inserted { edits.append(.remove(entry, offset: 0, after: nil)) }
      }
      return try act(edits, in: stored).compactMap {
        if case .remove(let entry, _, _) = $0 { entry } else { nil }
      }
    }
  }

  /// Moves an entry so that it ends up at 1-based `position`.
  /// - Throws: ``StoreError/positionOutOfRange(_:count:)`` when `position` is past the end, or
  ///   ``StoreError/roster(_:)`` with ``RosterKit/RosterError/keptSorted(_:_:)`` when the list
  ///   keeps itself sorted.
  /// - Complexity: O(log n + p).
  package func performMove(_ reference: EntryReference, toPosition position: Int, in list: UUID)
    throws(StoreError) -> Entry
  {
    try write { () throws(StoreError) in
      let stored = try listForWriting(list)
      if let order = stored.keepSorted { throw .roster(.keptSorted(stored.title, order)) }
      let entry = try resolve(reference, in: stored).entry
      let after: UUID?
      if position <= 1 {
        guard position == 1 else {
          throw .positionOutOfRange(position, count: try entryCount(of: stored))
        }
        after = nil
      } else {
        guard let anchor = try self.entry(atOffset: position - 2, skipping: entry.id, in: stored),
          try self.entry(atOffset: position - 1, skipping: nil, in: stored) != nil
        else { throw .positionOutOfRange(position, count: try entryCount(of: stored)) }
        after = anchor.id
      }
      if let current = try located(entry.id, in: stored),
        try neighbour(before: current.key, in: stored)?.id == after
      {
        return entry
      }
      _ = try act(
        [
          .remove(entry, offset: 0, after: nil),
          .insert(entry, offset: position - 1, after: after),
        ], in: stored)
      return entry
    }
  }

  // MARK: Categories

  /// The list's categories with how many entries carry each.
  /// - Complexity: O(n).
  package func performCategoryUsage(in list: UUID) throws(StoreError) -> [(
    category: EntryCategory, count: Int
  )] {
    try read { () throws(StoreError) in
      let stored = try listForReading(list)
      let counts = try categoryCounts(in: stored)
      return try categories(of: stored).map { ($0, counts[$0.name] ?? 0) }
    }
  }

  /// Sets a category's badge colour, by ``RosterKit/CategoryRules/settingColor(_:of:)``.
  /// - Throws: ``StoreError/roster(_:)`` with ``RosterKit/RosterError/categoryNotFound(_:)``.
  package func performSetColor(_ color: CategoryColor, ofCategory name: String, in list: UUID)
    throws(StoreError)
  {
    try act(onCategoriesOf: list) { rules, _ throws(RosterError) in
      try rules.settingColor(color, of: name)
    }
  }

  /// Renames a category and every entry that carries it, as one action, by
  /// ``RosterKit/CategoryRules/renaming(_:to:carriers:at:)``. The colour stays.
  /// - Complexity: O(n): the entries that carry the category are found by a scan of the list.
  package func performRenameCategory(_ name: String, to newName: String, in list: UUID)
    throws(StoreError)
  {
    let stamp = now()
    try act(onCategoriesOf: list, carrying: name) { rules, carriers throws(RosterError) in
      try rules.renaming(name, to: newName, carriers: carriers, at: stamp)
    }
  }

  // MARK: Internals

  /// Stores, as one action, the edits a ``RosterKit/CategoryRules`` rule makes from the list's
  /// categories and the entries that carry category `name` (none when `name` is `nil` or not
  /// a category of the list).
  private func act(
    onCategoriesOf list: UUID, carrying name: String? = nil,
    _ rule: (CategoryRules, _ carriers: [Entry]) throws(RosterError) -> [ListEdit]
  ) throws(StoreError) {
    try write { () throws(StoreError) in
      let stored = try listForWriting(list)
      let rules = CategoryRules(try categories(of: stored))
      var carriers: [Entry] = []
      if let name, rules.categories.contains(where: { $0.name == name }) {
        carriers = try entries(carrying: name, in: stored)
      }
      let edits = try StoreError.wrapping { () throws(RosterError) in try rule(rules, carriers) }
      _ = try act(edits, in: stored)
    }
  }

  /// The entry a reference names, with its key.
  /// - Complexity: O(log n) by id or prefix; O(p) for position p.
  package func resolve(_ reference: EntryReference, in list: ListRow) throws(StoreError) -> (
    key: Int64, entry: Entry
  ) {
    let id: UUID
    switch reference {
    case .id(let whole):
      id = whole
    case .position(let position):
      guard let found = try entry(atOffset: position - 1, skipping: nil, in: list) else {
        throw .positionOutOfRange(position, count: try entryCount(of: list))
      }
      id = found.id
    case .prefix(let prefix):
      let (low, high) = EntryReference.bounds(ofPrefix: prefix)
      let matches = try entryIDs(from: low, to: high, limit: 2, in: list)
      guard let first = matches.first else { throw .entryNotFound(prefix) }
      guard matches.count == 1 else {
        throw .ambiguousEntry(prefix, matches: try entryIDCount(from: low, to: high, in: list))
      }
      id = first
    }
    guard let found = try located(id, in: list) else { throw .entryNotFound(reference.description) }
    return found
  }

  /// The entry at 0-based `offset` counting every entry but `skipping`.
  /// - Throws: ``StoreError/database(_:)`` when there is none: the offset came from the
  ///   list's count, read in the same transaction.
  /// - Complexity: O(offset).
  private func entry(at offset: Int, skipping: UUID?, in list: ListRow) throws(StoreError)
    -> Entry
  {
    guard let found = try entry(atOffset: offset, skipping: skipping, in: list),
      let located = try located(found.id, in: list)
    else { throw .database("The list has no entry at offset \(offset).") }
    return located.entry
  }
}
