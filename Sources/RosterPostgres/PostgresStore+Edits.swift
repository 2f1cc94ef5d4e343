import Foundation
import RosterBackend
import RosterKit

/// Replaying ``ListEdit``s as SQL: the one path every write takes (front ends' changes, CLI
/// commands, undo and redo), inside the caller's transaction, with `SQLiteStore`'s semantics.
extension PostgresStore {
  /// Applies `edits` to the stored list by identity and returns them as actually applied, with
  /// anchors as the database has them; edits that no longer apply are skipped. A remove
  /// followed by an insert of the same entry is a move: only its order key changes.
  /// - Complexity: O(k log n) for k edits, except a rare local respread of keys.
  func apply(_ edits: [ListEdit], in list: PostgresList) throws(StoreError) -> [ListEdit] {
    var applied: [ListEdit] = []
    var moving: Set<UUID> = []
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
          try run(
            "UPDATE entries SET key = $1 WHERE list = $2 AND id = $3",
            [String(place.key), list.key, UUIDText.string(existing.entry.id)])
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
          try run(
            "DELETE FROM entries WHERE list = $1 AND key = $2", [list.key, String(existing.key)])
          try adjustCount(of: list, by: -1)
        }
        applied.append(.remove(existing.entry, offset: offset, after: predecessor))
      case .update(_, let new):
        guard let existing = try located(new.id, in: list) else { continue }
        try run(
          "UPDATE entries SET text = $1, category = $2, updated = $3 WHERE list = $4 AND key = $5",
          [
            new.text, new.category, String(new.updated.timeIntervalSinceReferenceDate), list.key,
            String(existing.key),
          ])
        applied.append(.update(old: existing.entry, new: new))
      case .categories(_, let new):
        let old = try categories(of: list)
        try run("DELETE FROM categories WHERE list = $1", [list.key])
        for (position, category) in new.enumerated() {
          try run(
            "INSERT INTO categories (list, name, color, position) VALUES ($1, $2, $3, $4)"
              + " ON CONFLICT (list, name) DO UPDATE SET color = excluded.color,"
              + " position = excluded.position",
            [list.key, category.name, category.color.hex, String(position)])
        }
        applied.append(.categories(old: old, new: new))
      case .title(_, let new):
        let old = try currentTitle(of: list)
        do throws(StoreError) {
          try run("UPDATE lists SET title = $1 WHERE id = $2", [new, list.key])
        } catch .constraint {
          throw .listExists(new)
        }
        applied.append(.title(old: old, new: new))
      case .keepSorted(_, let new):
        let old = try currentKeepSorted(of: list)
        try run(
          "UPDATE lists SET keep_sorted = $1 WHERE id = $2", [new?.storageText, list.key])
        applied.append(.keepSorted(old: old, new: new))
      }
    }
    return applied
  }

  // MARK: Rows

  /// The entry with this id and its order key, or `nil`. O(log n).
  func located(_ id: UUID, in list: PostgresList) throws(StoreError) -> (key: Int64, entry: Entry)?
  {
    let result = try run(
      "SELECT key, \(Self.entryColumns) FROM entries WHERE list = $1 AND id = $2",
      [list.key, UUIDText.string(id)])
    guard result.count == 1 else { return nil }
    return (result.integer(0, 0), try entry(result, 0, from: 1))
  }

  func insert(_ entry: Entry, key: Int64, in list: PostgresList) throws(StoreError) {
    try run(
      "INSERT INTO entries (list, key, id, text, category, created, updated)"
        + " VALUES ($1, $2, $3, $4, $5, $6, $7)",
      [
        list.key, String(key), UUIDText.string(entry.id), entry.text, entry.category,
        String(entry.created.timeIntervalSinceReferenceDate),
        String(entry.updated.timeIntervalSinceReferenceDate),
      ])
  }

  func currentTitle(of list: PostgresList) throws(StoreError) -> String {
    try run("SELECT title FROM lists WHERE id = $1", [list.key]).text(0, 0) ?? list.title
  }

  /// The order the list keeps itself in now, as the database has it.
  func currentKeepSorted(of list: PostgresList) throws(StoreError) -> EntryOrder? {
    try run("SELECT keep_sorted FROM lists WHERE id = $1", [list.key]).text(0, 0)
      .flatMap { EntryOrder(storageText: $0) }
  }

  // MARK: Neighbours

  /// The entry just before `key`, or `nil` at the start. O(log n).
  func neighbour(before key: Int64, in list: PostgresList) throws(StoreError) -> (
    key: Int64, id: UUID
  )? {
    try keyAndID(
      "SELECT key, id FROM entries WHERE list = $1 AND key < $2 ORDER BY key DESC LIMIT 1",
      [list.key, String(key)])
  }

  /// The last entry, or `nil` when the list is empty. O(log n).
  func lastEntry(in list: PostgresList) throws(StoreError) -> (key: Int64, id: UUID)? {
    try keyAndID(
      "SELECT key, id FROM entries WHERE list = $1 ORDER BY key DESC LIMIT 1", [list.key])
  }

  /// The entry at 0-based `offset` counting every entry but `skipping`. O(offset).
  func entry(atOffset offset: Int, skipping: UUID?, in list: PostgresList) throws(StoreError)
    -> (key: Int64, id: UUID)?
  {
    try keyAndID(
      "SELECT key, id FROM entries WHERE list = $1 AND id IS DISTINCT FROM $2::uuid"
        + " ORDER BY key LIMIT 1 OFFSET $3",
      [list.key, skipping.map(UUIDText.string), String(max(offset, 0))])
  }

  private func keyAndID(_ sql: String, _ parameters: [String?]) throws(StoreError) -> (
    key: Int64, id: UUID
  )? {
    let result = try run(sql, parameters)
    guard result.count == 1, let id = result.uuid(0, 1) else { return nil }
    return (result.integer(0, 0), id)
  }

  /// The first key after `key` held by an entry other than `skipping`. O(log n).
  private func key(after key: Int64?, skipping: UUID, in list: PostgresList) throws(StoreError)
    -> Int64?
  {
    let result = try run(
      "SELECT key FROM entries WHERE list = $1 AND key > $2 AND id <> $3 ORDER BY key LIMIT 1",
      [list.key, String(key ?? Int64.min), UUIDText.string(skipping)])
    return result.count == 1 ? result.integer(0, 0) : nil
  }

  // MARK: Placing

  /// A free key right after the anchor `after` (at the start when `nil`), for the entry
  /// `moving`; when the anchor is gone, at `offset` (clamped). Concurrent inserts after the same
  /// anchor queue on the list's row lock, so each sees the one before and all land, the later
  /// ones first after the anchor.
  func place(after: UUID?, offset: Int, moving: UUID, in list: PostgresList) throws(StoreError)
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
  /// until the spacing is comfortable. Keys keep their order: a respread never reorders.
  private func rebalance(around pivot: Int64, in list: PostgresList) throws(StoreError) {
    var radius = 8
    while true {
      let below = try keys(
        "SELECT key FROM entries WHERE list = $1 AND key <= $2 ORDER BY key DESC LIMIT $3",
        pivot, radius + 1, in: list)
      let above = try keys(
        "SELECT key FROM entries WHERE list = $1 AND key > $2 ORDER BY key LIMIT $3",
        pivot, radius + 1, in: list)
      var window = below.reversed() + above
      let low = below.count > radius ? window.removeFirst() : nil
      let high = above.count > radius ? window.removeLast() : nil
      if let spread = OrderKey.spread(window.count, between: low, and: high) {
        // Down-moving keys ascending, up-moving ones descending: never two rows on one key.
        let pairs = Array(zip(window, spread))
        let down = pairs.filter { $0.1 < $0.0 }
        let up = pairs.filter { $0.1 > $0.0 }.reversed()
        for (old, new) in down + up {
          try run(
            "UPDATE entries SET key = $1 WHERE list = $2 AND key = $3",
            [String(new), list.key, String(old)])
        }
        return
      }
      radius *= 4
    }
  }

  private func keys(_ sql: String, _ pivot: Int64, _ limit: Int, in list: PostgresList)
    throws(StoreError) -> [Int64]
  {
    let result = try run(sql, [list.key, String(pivot), String(limit)])
    return (0..<result.count).map { result.integer($0, 0) }
  }
}
