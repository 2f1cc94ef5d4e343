import Foundation
import RosterBackend
import RosterKit

/// Replaying ``ListEdit``s as SQL: the one path every write takes (front ends' changes, CLI
/// commands, undo and redo), inside the caller's transaction.
extension SQLiteStore {
  /// Applies `edits` to the stored list by identity and returns them as actually applied, with
  /// anchors as the database has them; edits that no longer apply are skipped.
  ///
  /// A remove followed by an insert of the same entry is a move: the row keeps its content and
  /// only its order key changes.
  /// - Complexity: O(k log n) for k edits, except a rare local rebalance of keys.
  func apply(_ edits: [ListEdit], in list: StoredList) throws(StoreError) -> [ListEdit] {
    if edits.count >= Self.bulkMoves, let done = try applyMoves(edits, in: list) { return done }
    var applied: [ListEdit] = []
    var moving: Set<UUID> = []
    // Entries a move was about, gone meanwhile: the move must not bring them back.
    var vanished: Set<UUID> = []
    var lastInsert: [UUID: Int] = [:]
    for (index, edit) in edits.enumerated() {
      if case .insert(let entry, _, _) = edit { lastInsert[entry.id] = index }
    }
    for (index, edit) in edits.enumerated() {
      switch edit {
      case .insert(let entry, let offset, let after):
        let existing = try located(entry.id, in: list)
        if existing != nil, !moving.contains(entry.id) { continue }
        if vanished.contains(entry.id) { continue }
        moving.remove(entry.id)
        let place = try place(after: after, offset: offset, moving: entry.id, in: list)
        if let existing {
          try database.run(
            "UPDATE entries SET key = ? WHERE list = ? AND id = ?", .integer(place.key),
            .integer(list.row), .id(existing.entry.id))
          applied.append(.insert(existing.entry, offset: offset, after: place.predecessor))
        } else {
          try insert(entry, key: place.key, in: list)
          try adjustCount(of: list, by: 1)
          applied.append(.insert(entry, offset: offset, after: place.predecessor))
        }
      case .remove(let entry, let offset, _):
        let movesLater = (lastInsert[entry.id] ?? -1) > index
        guard let existing = try located(entry.id, in: list) else {
          if movesLater { vanished.insert(entry.id) }
          continue
        }
        let predecessor = try neighbour(before: existing.key, in: list)?.id
        if movesLater {
          moving.insert(entry.id)
        } else {
          try database.run(
            "DELETE FROM entries WHERE list = ? AND key = ?", .integer(list.row),
            .integer(existing.key))
          try adjustCount(of: list, by: -1)
        }
        applied.append(.remove(existing.entry, offset: offset, after: predecessor))
      case .update(_, let new):
        guard let existing = try located(new.id, in: list) else { continue }
        try database.run(
          "UPDATE entries SET text = ?, category = ?, updated = ? WHERE list = ? AND key = ?",
          .text(new.text), new.category.map(SQLValue.text) ?? .null,
          .real(new.updated.timeIntervalSinceReferenceDate), .integer(list.row),
          .integer(existing.key))
        applied.append(.update(old: existing.entry, new: new))
      case .categories(_, let new):
        let old = try categories(of: list)
        try replaceCategories(with: new, in: list)
        applied.append(.categories(old: old, new: new))
      case .title(_, let new):
        let old = try currentTitle(of: list)
        do throws(StoreError) {
          try database.run(
            "UPDATE lists SET title = ? WHERE id = ?", .text(new), .integer(list.row))
        } catch .constraint {
          throw .listExists(new)
        }
        applied.append(.title(old: old, new: new))
      case .keepSorted(_, let new):
        let old = try currentKeepSorted(of: list)
        try database.run(
          "UPDATE lists SET keep_sorted = ? WHERE id = ?",
          new.map { SQLValue.text($0.storageText) } ?? .null, .integer(list.row))
        applied.append(.keepSorted(old: old, new: new))
      }
    }
    return applied
  }

  // MARK: Rows

  /// The entry with this id and its order key, or `nil`.
  func located(_ id: UUID, in list: StoredList) throws(StoreError) -> (key: Int64, entry: Entry)? {
    let statement = try database.statement(
      "SELECT key, \(Self.entryColumns) FROM entries WHERE list = ? AND id = ?")
    try statement.bind([.integer(list.row), .id(id)])
    guard try statement.step() else { return nil }
    return (statement.integer(0), try entry(statement, from: 1))
  }

  func insert(_ entry: Entry, key: Int64, in list: StoredList) throws(StoreError) {
    try database.run(
      "INSERT INTO entries (list, key, id, text, category, created, updated)"
        + " VALUES (?, ?, ?, ?, ?, ?, ?)",
      .integer(list.row), .integer(key), .id(entry.id),
      .text(entry.text), entry.category.map(SQLValue.text) ?? .null,
      .real(entry.created.timeIntervalSinceReferenceDate),
      .real(entry.updated.timeIntervalSinceReferenceDate))
  }

  private func replaceCategories(with categories: [EntryCategory], in list: StoredList)
    throws(StoreError)
  {
    try database.run("DELETE FROM categories WHERE list = ?", .integer(list.row))
    for (position, category) in categories.enumerated() {
      try database.run(
        "INSERT OR REPLACE INTO categories (list, name, color, position) VALUES (?, ?, ?, ?)",
        .integer(list.row), .text(category.name), .text(category.color.hex),
        .integer(Int64(position)))
    }
  }

  func currentTitle(of list: StoredList) throws(StoreError) -> String {
    let statement = try database.statement("SELECT title FROM lists WHERE id = ?")
    try statement.bind([.integer(list.row)])
    return try statement.step() ? statement.text(0) ?? "" : list.title
  }

  /// The order the list keeps itself in now, as the database has it.
  func currentKeepSorted(of list: StoredList) throws(StoreError) -> EntryOrder? {
    let statement = try database.statement("SELECT keep_sorted FROM lists WHERE id = ?")
    try statement.bind([.integer(list.row)])
    guard try statement.step(), let text = statement.text(0) else { return nil }
    return EntryOrder(storageText: text)
  }

  // MARK: Neighbours

  /// The entry just before `key`, or `nil` at the start.
  func neighbour(before key: Int64, in list: StoredList) throws(StoreError) -> (
    key: Int64, id: UUID
  )? {
    try keyAndID(
      "SELECT key, id FROM entries WHERE list = ? AND key < ? ORDER BY key DESC LIMIT 1",
      .integer(list.row), .integer(key))
  }

  /// The last entry, or `nil` when the list is empty.
  func lastEntry(in list: StoredList) throws(StoreError) -> (key: Int64, id: UUID)? {
    try keyAndID(
      "SELECT key, id FROM entries WHERE list = ? ORDER BY key DESC LIMIT 1", .integer(list.row))
  }

  /// The entry at 0-based `offset` counting every entry but `skipping`. O(offset).
  func entry(atOffset offset: Int, skipping: UUID?, in list: StoredList) throws(StoreError) -> (
    key: Int64, id: UUID
  )? {
    try keyAndID(
      "SELECT key, id FROM entries WHERE list = ? AND id IS NOT ? ORDER BY key LIMIT 1 OFFSET ?",
      .integer(list.row), skipping.map(SQLValue.id) ?? .null,
      .integer(Int64(max(offset, 0))))
  }

  private func keyAndID(_ sql: String, _ values: SQLValue...) throws(StoreError) -> (
    key: Int64, id: UUID
  )? {
    let statement = try database.statement(sql)
    try statement.bind(values)
    guard try statement.step(), let id = statement.entryID(1)
    else { return nil }
    return (statement.integer(0), id)
  }

  /// The first key after `key` held by an entry other than `skipping`.
  private func key(after key: Int64?, skipping: UUID, in list: StoredList) throws(StoreError)
    -> Int64?
  {
    try database.integer(
      "SELECT key FROM entries WHERE list = ? AND key > ? AND id <> ? ORDER BY key LIMIT 1",
      .integer(list.row), .integer(key ?? Int64.min), .id(skipping))
      ?? nil
  }

  // MARK: Placing

  /// A free key right after the anchor `after` (at the start when `nil`), for the entry
  /// `moving`; when the anchor is gone, at `offset` (clamped).
  func place(after: UUID?, offset: Int, moving: UUID, in list: StoredList) throws(StoreError)
    -> (key: Int64, predecessor: UUID?)
  {
    var low: (key: Int64, id: UUID)?
    if let after, after != moving, let anchor = try located(after, in: list) {
      low = (anchor.key, after)
    } else if after != nil, offset > 0 {
      low = try entry(atOffset: offset - 1, skipping: moving, in: list)
      if low == nil, let last = try lastEntry(in: list), last.id != moving { low = last }
    }
    for _ in 0..<2 {
      let high = try key(after: low?.key, skipping: moving, in: list)
      if let key = OrderKey.between(low?.key, high) { return (key, low?.id) }
      try rebalance(around: low?.key ?? high ?? 0, in: list)
      if let moved = low, let again = try located(moved.id, in: list) {
        low = (again.key, moved.id)
      }
    }
    throw .database("Could not find room to place an entry.")
  }

  /// Spreads the keys of a small window of entries around `pivot` evenly, widening the window
  /// until the spacing is comfortable. Rare: only after many inserts at one spot.
  private func rebalance(around pivot: Int64, in list: StoredList) throws(StoreError) {
    var radius = 8
    while true {
      let below = try keys(
        "SELECT key FROM entries WHERE list = ? AND key <= ? ORDER BY key DESC LIMIT ?",
        pivot, radius + 1, in: list)
      let above = try keys(
        "SELECT key FROM entries WHERE list = ? AND key > ? ORDER BY key LIMIT ?",
        pivot, radius + 1, in: list)
      var window = below.reversed() + above
      let low = below.count > radius ? window.removeFirst() : nil
      let high = above.count > radius ? window.removeLast() : nil
      if let spread = OrderKey.spread(window.count, between: low, and: high) {
        try rekey(Array(zip(window, spread)), in: list)
        return
      }
      radius *= 4
    }
  }

  private func keys(_ sql: String, _ pivot: Int64, _ limit: Int, in list: StoredList)
    throws(StoreError) -> [Int64]
  {
    let statement = try database.statement(sql)
    try statement.bind([.integer(list.row), .integer(pivot), .integer(Int64(limit))])
    var result: [Int64] = []
    while try statement.step() { result.append(statement.integer(0)) }
    return result
  }

  /// Changes keys without ever colliding in the unique (list, key) index: keys moving down go
  /// in ascending order, keys moving up in descending order.
  private func rekey(_ pairs: [(old: Int64, new: Int64)], in list: StoredList) throws(StoreError) {
    let down = pairs.filter { $0.new < $0.old }
    let up = pairs.filter { $0.new > $0.old }.reversed()
    for pair in down + up {
      try database.run(
        "UPDATE entries SET key = ? WHERE list = ? AND key = ?", .integer(pair.new),
        .integer(list.row), .integer(pair.old))
    }
  }
}
