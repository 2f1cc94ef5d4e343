public import Foundation
public import RosterBackend
public import RosterKit

/// Single-entry actions straight in SQL, for the command line: none loads the list, each is one
/// transaction, one undo step and one change-log row. The actions are RosterBackend's
/// (``EntryCommandStore``), shared with `SQLiteStore`; this file gives them PostgreSQL's
/// queries. A write locks the list's row, so writers to one list queue.
extension PostgresStore: CommandStorage, EntryCommandStore {
  /// Validates `texts` with the list's rule and appends them, as one action.
  /// - Throws: ``StoreError/refused(_:_:)`` for the first refused text; nothing is added.
  /// - Complexity: O(k log n) for k texts.
  @discardableResult
  public func add(_ texts: [String], category: String?, to list: UUID) throws(StoreError)
    -> [Entry]
  {
    try performAdd(texts, category: category, to: list)
  }

  /// The entry a person named.
  /// - Throws: ``StoreError/entryNotFound(_:)`` or ``StoreError/ambiguousEntry(_:matches:)``.
  /// - Complexity: O(log n) by id or prefix; O(p) for position p.
  public func entry(_ reference: EntryReference, in list: UUID) throws(StoreError) -> Entry {
    try lookUpEntry(reference, in: list)
  }

  /// Replaces an entry's text, validated by the list's rule: the entry before and after.
  public func updateText(of reference: EntryReference, to text: String, in list: UUID)
    throws(StoreError) -> (old: Entry, new: Entry)
  {
    try performUpdateText(of: reference, to: text, in: list)
  }

  /// Removes the entries named, as one action. Positions refer to the list before the removal.
  public func remove(_ references: [EntryReference], from list: UUID) throws(StoreError)
    -> [Entry]
  {
    try performRemove(references, from: list)
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
    try performMove(reference, toPosition: position, in: list)
  }

  /// The list's categories with how many entries carry each.
  /// - Complexity: O(n).
  public func categoryUsage(in list: UUID) throws(StoreError) -> [(
    category: EntryCategory, count: Int
  )] {
    try performCategoryUsage(in: list)
  }

  /// Sets a category's badge colour, by ``RosterKit/CategoryRules/settingColor(_:of:)``.
  public func setColor(_ color: CategoryColor, ofCategory name: String, in list: UUID)
    throws(StoreError)
  {
    try performSetColor(color, ofCategory: name, in: list)
  }

  /// Renames a category and every entry that carries it, as one action.
  /// - Complexity: O(n).
  public func renameCategory(_ name: String, to newName: String, in list: UUID)
    throws(StoreError)
  {
    try performRenameCategory(name, to: newName, in: list)
  }

  /// Starts a bulk import into a list: one transaction, sent with `COPY` at commit.
  public func beginImport(into list: UUID) throws(StoreError) -> PostgresImportBatch {
    try run("BEGIN")
    do throws(StoreError) {
      // A fresh random operation id, as ``write(_:)`` takes one: unique among all clients'.
      try run("INSERT INTO operations (id) VALUES ($1)", [UUIDText.string(UUID())])
      return try PostgresImportBatch(store: self, list: try locked(list))
    } catch {
      _ = try? run("ROLLBACK")
      throw error
    }
  }

  // MARK: Queries for EntryCommandStore

  package func listForWriting(_ id: UUID) throws(StoreError) -> PostgresList { try locked(id) }

  package func listForReading(_ id: UUID) throws(StoreError) -> PostgresList { try stored(id) }

  package func entryCount(of list: PostgresList) throws(StoreError) -> Int { try count(list) }

  package func entryIDs(from low: UUID, to high: UUID, limit: Int, in list: PostgresList)
    throws(StoreError) -> [UUID]
  {
    let result = try run(
      "SELECT id FROM entries WHERE list = $1 AND id BETWEEN $2 AND $3 ORDER BY id LIMIT $4",
      [list.key, UUIDText.string(low), UUIDText.string(high), String(limit)])
    return (0..<result.count).compactMap { result.uuid($0, 0) }
  }

  package func entryIDCount(from low: UUID, to high: UUID, in list: PostgresList)
    throws(StoreError) -> Int
  {
    let result = try run(
      "SELECT count(*) FROM entries WHERE list = $1 AND id BETWEEN $2 AND $3",
      [list.key, UUIDText.string(low), UUIDText.string(high)])
    return Int(result.integer(0, 0))
  }

  package func entries(carrying name: String, in list: PostgresList) throws(StoreError)
    -> [Entry]
  {
    let result = try run(
      "SELECT \(Self.entryColumns) FROM entries WHERE list = $1 AND category = $2"
        + " ORDER BY key", [list.key, name])
    var carriers: [Entry] = []
    for row in 0..<result.count { carriers.append(try entry(result, row)) }
    return carriers
  }

  package func categoryCounts(in list: PostgresList) throws(StoreError) -> [String: Int] {
    let result = try run(
      "SELECT category, count(*) FROM entries WHERE list = $1 AND category IS NOT NULL"
        + " GROUP BY category", [list.key])
    var counts: [String: Int] = [:]
    for row in 0..<result.count {
      counts[result.text(row, 0) ?? ""] = Int(result.integer(row, 1))
    }
    return counts
  }
}
