public import Foundation
public import RosterBackend
public import RosterKit

/// Single-entry actions straight in SQL, for the command line: none loads the list, each is one
/// transaction, one undo step and one change-log row.
extension SQLiteStore {
  /// Validates `texts` with the list's rule and appends them, as one action.
  ///
  /// ```swift
  /// let added = try store.add(["Anna", "Łukasz"], category: "Family", to: list.id)
  /// ```
  /// - Throws: ``StoreError/refused(_:_:)`` for the first refused text; nothing is added.
  /// - Complexity: O(k log n) for k texts.
  @discardableResult
  public func add(_ texts: [String], category: String? = nil, to list: UUID) throws(StoreError)
    -> [Entry]
  {
    try write { () throws(StoreError) in
      let stored = try stored(list)
      let stamp = now()
      var entries: [Entry] = []
      for text in texts {
        entries.append(
          Entry(id: makeID(), text: try validated(text, by: stored.rule), created: stamp))
      }
      let categoryName = try StoreError.wrapping { () throws(RosterError) in
        try CategoryRules.normalizedName(category)
      }
      var edits = CategoryRules(try categories(of: stored)).creating(categoryName)
      var after = try lastEntry(in: stored)?.id
      for var entry in entries {
        entry.category = categoryName
        edits.append(.insert(entry, offset: Int.max, after: after))
        after = entry.id
      }
      _ = try act(edits, in: stored)
      return entries.map {
        var entry = $0
        entry.category = categoryName
        return entry
      }
    }
  }

  /// The entry a person named, and its 1-based position when they named it by position.
  /// - Throws: ``StoreError/entryNotFound(_:)`` or ``StoreError/ambiguousEntry(_:matches:)``.
  /// - Complexity: O(log n) by id or prefix; O(p) for position p.
  public func entry(_ reference: EntryReference, in list: UUID) throws(StoreError) -> Entry {
    try read { () throws(StoreError) in try resolve(reference, in: try stored(list)).entry }
  }

  /// Replaces an entry's text, validated by the list's rule.
  /// - Returns: The entry before and after.
  public func updateText(of reference: EntryReference, to text: String, in list: UUID)
    throws(StoreError) -> (old: Entry, new: Entry)
  {
    try write { () throws(StoreError) in
      let stored = try stored(list)
      let old = try resolve(reference, in: stored).entry
      var new = old
      new.text = try validated(text, by: stored.rule)
      guard new.text != old.text else { return (old, old) }
      new.updated = now()
      _ = try act([.update(old: old, new: new)], in: stored)
      return (old, new)
    }
  }

  /// Removes the entries named, as one action. Positions refer to the list before the removal.
  /// - Returns: The removed entries.
  public func remove(_ references: [EntryReference], from list: UUID) throws(StoreError)
    -> [Entry]
  {
    try write { () throws(StoreError) in
      let stored = try stored(list)
      var edits: [ListEdit] = []
      var seen: Set<UUID> = []
      for reference in references {
        let entry = try resolve(reference, in: stored).entry
        if seen.insert(entry.id).inserted {
          edits.append(.remove(entry, offset: 0, after: nil))
        }
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
  @discardableResult
  public func move(_ reference: EntryReference, toPosition position: Int, in list: UUID)
    throws(StoreError) -> Entry
  {
    try write { () throws(StoreError) in
      let stored = try stored(list)
      if let order = stored.keepSorted { throw .roster(.keptSorted(stored.title, order)) }
      let entry = try resolve(reference, in: stored).entry
      let after: UUID?
      if position <= 1 {
        guard position == 1 else {
          throw .positionOutOfRange(position, count: try count(stored.row))
        }
        after = nil
      } else {
        guard let anchor = try self.entry(atOffset: position - 2, skipping: entry.id, in: stored),
          try self.entry(atOffset: position - 1, skipping: nil, in: stored) != nil
        else { throw .positionOutOfRange(position, count: try count(stored.row)) }
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
  public func categoryUsage(in list: UUID) throws(StoreError) -> [(
    category: EntryCategory, count: Int
  )] {
    try read { () throws(StoreError) in
      let stored = try stored(list)
      let statement = try database.statement(
        "SELECT category, COUNT(*) FROM entries WHERE list = ? AND category IS NOT NULL"
          + " GROUP BY category")
      try statement.bind([.integer(stored.row)])
      var counts: [String: Int] = [:]
      while try statement.step() { counts[statement.text(0) ?? ""] = Int(statement.integer(1)) }
      return try categories(of: stored).map { ($0, counts[$0.name] ?? 0) }
    }
  }

  /// Sets a category's badge colour, by ``RosterKit/CategoryRules/settingColor(_:of:)``.
  /// - Throws: ``StoreError/roster(_:)`` with ``RosterError/categoryNotFound(_:)``.
  public func setColor(_ color: CategoryColor, ofCategory name: String, in list: UUID)
    throws(StoreError)
  {
    try act(onCategoriesOf: list) { rules, _ throws(RosterError) in
      try rules.settingColor(color, of: name)
    }
  }

  /// Renames a category and every entry that carries it, as one action, by
  /// ``RosterKit/CategoryRules/renaming(_:to:carriers:at:)``. The colour stays.
  /// - Complexity: O(n): the entries that carry the category are found by a scan of the list.
  public func renameCategory(_ name: String, to newName: String, in list: UUID)
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
      let stored = try stored(list)
      let rules = CategoryRules(try categories(of: stored))
      var carriers: [Entry] = []
      if let name, rules.categories.contains(where: { $0.name == name }) {
        carriers = try entries(carrying: name, in: stored)
      }
      let edits = try StoreError.wrapping { () throws(RosterError) in try rule(rules, carriers) }
      _ = try act(edits, in: stored)
    }
  }

  /// The entries whose category is `name`, in list order.
  private func entries(carrying name: String, in list: StoredList) throws(StoreError) -> [Entry] {
    let statement = try database.statement(
      "SELECT \(Self.entryColumns) FROM entries WHERE list = ? AND category = ? ORDER BY key")
    try statement.bind([.integer(list.row), .text(name)])
    var carriers: [Entry] = []
    while try statement.step() { carriers.append(try entry(statement)) }
    return carriers
  }

  /// The entry a reference names, with its key.
  func resolve(_ reference: EntryReference, in list: StoredList) throws(StoreError) -> (
    key: Int64, entry: Entry
  ) {
    let id: UUID
    switch reference {
    case .id(let whole):
      id = whole
    case .position(let position):
      guard let found = try entry(atOffset: position - 1, skipping: nil, in: list) else {
        throw .positionOutOfRange(position, count: try count(list.row))
      }
      id = found.id
    case .prefix(let prefix):
      let (low, high) = EntryReference.bounds(ofPrefix: prefix)
      let statement = try database.statement(
        "SELECT id FROM entries WHERE list = ? AND id BETWEEN ? AND ? ORDER BY id LIMIT 2")
      try statement.bind([.integer(list.row), .id(low), .id(high)])
      var matches: [UUID] = []
      while try statement.step() {
        if let found = statement.entryID(0) { matches.append(found) }
      }
      guard let first = matches.first else { throw .entryNotFound(prefix) }
      guard matches.count == 1 else {
        let total = try database.integer(
          "SELECT COUNT(*) FROM entries WHERE list = ? AND id BETWEEN ? AND ?",
          .integer(list.row), .id(low), .id(high))
        throw .ambiguousEntry(prefix, matches: Int(total ?? 2))
      }
      id = first
    }
    guard let found = try located(id, in: list) else { throw .entryNotFound(reference.description) }
    return found
  }

  /// The text as `rule` normalizes it.
  func validated(_ text: String, by rule: Rule) throws(StoreError) -> String {
    switch rule.validate(text) {
    case .valid(let normalized): return normalized
    case .invalid(let refusal): throw .refused(text, refusal)
    }
  }
}

extension SQLiteStore {
  /// Starts a bulk import into a list, holding the write lock until the batch is committed or
  /// cancelled.
  public func beginImport(into list: UUID) throws(StoreError) -> ImportBatch {
    try withRetry { () throws(StoreError) in try database.execute("BEGIN IMMEDIATE") }
    do throws(StoreError) {
      try database.execute("PRAGMA cache_size = -262144")
      return try ImportBatch(store: self, list: try stored(list))
    } catch {
      try? database.execute("ROLLBACK")
      throw error
    }
  }
}
