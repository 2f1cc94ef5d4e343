public import Foundation
public import RosterBackend
public import RosterKit

/// Single-entry actions straight in SQL, for the command line: none loads the list, each is one
/// transaction, one undo step and one change-log row.
extension PostgresStore: CommandStorage {
  /// Validates `texts` with the list's rule and appends them, as one action.
  /// - Throws: ``StoreError/refused(_:_:)`` for the first refused text; nothing is added.
  /// - Complexity: O(k log n) for k texts.
  @discardableResult
  public func add(_ texts: [String], category: String?, to list: UUID) throws(StoreError)
    -> [Entry]
  {
    try write { () throws(StoreError) in
      let stored = try locked(list)
      let stamp = now()
      let categoryName = try StoreError.wrapping { () throws(RosterError) in
        try CategoryRules.normalizedName(category)
      }
      var entries: [Entry] = []
      for text in texts {
        entries.append(
          Entry(
            id: makeID(), text: try validated(text, by: stored.rule), category: categoryName,
            created: stamp))
      }
      var edits = CategoryRules(try categories(of: stored)).creating(categoryName)
      var after = try lastEntry(in: stored)?.id
      for entry in entries {
        edits.append(.insert(entry, offset: Int.max, after: after))
        after = entry.id
      }
      _ = try act(edits, in: stored)
      return entries
    }
  }

  /// The entry a person named.
  /// - Throws: ``StoreError/entryNotFound(_:)`` or ``StoreError/ambiguousEntry(_:matches:)``.
  /// - Complexity: O(log n) by id or prefix; O(p) for position p.
  public func entry(_ reference: EntryReference, in list: UUID) throws(StoreError) -> Entry {
    try read { () throws(StoreError) in try resolve(reference, in: try stored(list)).entry }
  }

  /// Replaces an entry's text, validated by the list's rule: the entry before and after.
  public func updateText(of reference: EntryReference, to text: String, in list: UUID)
    throws(StoreError) -> (old: Entry, new: Entry)
  {
    try write { () throws(StoreError) in
      let stored = try locked(list)
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
  public func remove(_ references: [EntryReference], from list: UUID) throws(StoreError)
    -> [Entry]
  {
    try write { () throws(StoreError) in
      let stored = try locked(list)
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
  @discardableResult
  public func move(_ reference: EntryReference, toPosition position: Int, in list: UUID)
    throws(StoreError) -> Entry
  {
    try write { () throws(StoreError) in
      let stored = try locked(list)
      if let order = stored.keepSorted { throw .roster(.keptSorted(stored.title, order)) }
      let entry = try resolve(reference, in: stored).entry
      let after: UUID?
      if position <= 1 {
        guard position == 1 else {
          throw .positionOutOfRange(position, count: try count(stored))
        }
        after = nil
      } else {
        guard let anchor = try self.entry(atOffset: position - 2, skipping: entry.id, in: stored),
          try self.entry(atOffset: position - 1, skipping: nil, in: stored) != nil
        else { throw .positionOutOfRange(position, count: try count(stored)) }
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

  /// The list's categories with how many entries carry each.
  /// - Complexity: O(n).
  public func categoryUsage(in list: UUID) throws(StoreError) -> [(
    category: EntryCategory, count: Int
  )] {
    try read { () throws(StoreError) in
      let stored = try stored(list)
      let result = try run(
        "SELECT category, count(*) FROM entries WHERE list = $1 AND category IS NOT NULL"
          + " GROUP BY category", [stored.key])
      var counts: [String: Int] = [:]
      for row in 0..<result.count {
        counts[result.text(row, 0) ?? ""] = Int(result.integer(row, 1))
      }
      return try categories(of: stored).map { ($0, counts[$0.name] ?? 0) }
    }
  }

  /// Sets a category's badge colour, by ``RosterKit/CategoryRules/settingColor(_:of:)``.
  public func setColor(_ color: CategoryColor, ofCategory name: String, in list: UUID)
    throws(StoreError)
  {
    try act(onCategoriesOf: list) { rules, _ throws(RosterError) in
      try rules.settingColor(color, of: name)
    }
  }

  /// Renames a category and every entry that carries it, as one action.
  /// - Complexity: O(n).
  public func renameCategory(_ name: String, to newName: String, in list: UUID)
    throws(StoreError)
  {
    let stamp = now()
    try act(onCategoriesOf: list, carrying: name) { rules, carriers throws(RosterError) in
      try rules.renaming(name, to: newName, carriers: carriers, at: stamp)
    }
  }

  /// Starts a bulk import into a list: one transaction, sent with `COPY` at commit.
  public func beginImport(into list: UUID) throws(StoreError) -> PostgresImportBatch {
    try run("BEGIN")
    do throws(StoreError) {
      try run("INSERT INTO operations (id) VALUES ($1)", [UUIDText.string(UUID())])
      return try PostgresImportBatch(store: self, list: try locked(list))
    } catch {
      _ = try? run("ROLLBACK")
      throw error
    }
  }

  // MARK: Internals

  private func act(
    onCategoriesOf list: UUID, carrying name: String? = nil,
    _ rule: (CategoryRules, _ carriers: [Entry]) throws(RosterError) -> [ListEdit]
  ) throws(StoreError) {
    try write { () throws(StoreError) in
      let stored = try locked(list)
      let rules = CategoryRules(try categories(of: stored))
      var carriers: [Entry] = []
      if let name, rules.categories.contains(where: { $0.name == name }) {
        let result = try run(
          "SELECT \(Self.entryColumns) FROM entries WHERE list = $1 AND category = $2"
            + " ORDER BY key", [stored.key, name])
        for row in 0..<result.count { carriers.append(try entry(result, row)) }
      }
      let edits = try StoreError.wrapping { () throws(RosterError) in try rule(rules, carriers) }
      _ = try act(edits, in: stored)
    }
  }

  /// The entry a reference names, with its key.
  func resolve(_ reference: EntryReference, in list: PostgresList) throws(StoreError) -> (
    key: Int64, entry: Entry
  ) {
    let id: UUID
    switch reference {
    case .id(let whole):
      id = whole
    case .position(let position):
      guard let found = try entry(atOffset: position - 1, skipping: nil, in: list) else {
        throw .positionOutOfRange(position, count: try count(list))
      }
      id = found.id
    case .prefix(let prefix):
      let (low, high) = EntryReference.bounds(ofPrefix: prefix)
      let bounds = [list.key, UUIDText.string(low), UUIDText.string(high)]
      let result = try run(
        "SELECT id FROM entries WHERE list = $1 AND id BETWEEN $2 AND $3 ORDER BY id LIMIT 2",
        bounds)
      guard result.count > 0, let first = result.uuid(0, 0) else {
        throw .entryNotFound(prefix)
      }
      guard result.count == 1 else {
        let total = try run(
          "SELECT count(*) FROM entries WHERE list = $1 AND id BETWEEN $2 AND $3", bounds)
        throw .ambiguousEntry(prefix, matches: Int(total.integer(0, 0)))
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
