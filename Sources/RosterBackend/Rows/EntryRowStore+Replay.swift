package import Foundation
package import RosterKit

/// Replaying ``ListEdit``s as row writes: the one path every write takes (front ends' changes,
/// CLI commands, undo and redo), inside the caller's transaction, the same on every engine.
extension EntryRowStore {
  /// Applies `edits` to the stored list by identity and returns them as actually applied, with
  /// anchors as the database has them; edits that no longer apply are skipped.
  ///
  /// A remove followed by an insert of the same entry is a move: the row keeps its content and
  /// only its order key changes.
  /// - Throws: ``StoreError/listExists(_:)`` when a title edit collides with another list.
  /// - Complexity: O(k log n) for k edits, except a rare local respread of keys.
  package func replay(_ edits: [ListEdit], in list: ListRow) throws(StoreError) -> [ListEdit] {
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
          try setKey(place.key, of: existing.entry.id, in: list)
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
          try deleteEntry(atKey: existing.key, in: list)
          try adjustCount(of: list, by: -1)
        }
        applied.append(.remove(existing.entry, offset: offset, after: predecessor))
      case .update(let old, let new):
        guard let existing = try located(new.id, in: list) else { continue }
        let merged = existing.entry.merging(old, new)
        try updateEntry(atKey: existing.key, to: merged, in: list)
        applied.append(.update(old: existing.entry, new: merged))
      case .categories(_, let new):
        let old = try categories(of: list)
        try replaceCategories(with: new, in: list)
        applied.append(.categories(old: old, new: new))
      case .title(_, let new):
        let old = try currentTitle(of: list)
        do throws(StoreError) {
          try setTitle(new, of: list)
        } catch .constraint {
          throw .listExists(new)
        }
        applied.append(.title(old: old, new: new))
      case .keepSorted(_, let new):
        let old = try currentKeepSorted(of: list)
        try setKeepSorted(new, of: list)
        applied.append(.keepSorted(old: old, new: new))
      }
    }
    return applied
  }

  /// A free key right after the anchor `after` (at the start when `nil`), for the entry
  /// `moving`; when the anchor is gone, at `offset` (clamped). On a server, concurrent inserts
  /// after the same anchor queue on the list's row lock, so each sees the one before and all
  /// land, the later ones first after the anchor.
  /// - Complexity: O(log n), or O(offset) when the anchor is gone, plus a rare respread.
  package func place(after: UUID?, offset: Int, moving: UUID, in list: ListRow)
    throws(StoreError) -> (key: Int64, predecessor: UUID?)
  {
    var low: (key: Int64, id: UUID)?
    if let after, after != moving, let anchor = try located(after, in: list) {
      low = (anchor.key, after)
    } else if after != nil, offset > 0 {
      low = try entry(atOffset: offset - 1, skipping: moving, in: list)
      // Past the end: after the last entry other than the one moving, as RosterKit places it.
      if low == nil, let last = try lastEntry(in: list) {
        low = last.id != moving ? last : try neighbour(before: last.key, in: list)
      }
    }
    for _ in 0..<2 {
      let high = try key(after: low?.key, skipping: moving, in: list)
      if let key = OrderKey.between(low?.key, high) { return (key, low?.id) }
      try respread(around: low?.key ?? high ?? 0, in: list)
      if let moved = low, let again = try located(moved.id, in: list) {
        low = (again.key, moved.id)
      }
    }
    throw .database("Could not find room to place an entry.")
  }

  /// Spreads the keys of a small window of entries around `pivot` evenly, widening the window
  /// until the spacing is comfortable. Rare: only after many inserts at one spot. Keys keep
  /// their order, so a respread never reorders anything.
  private func respread(around pivot: Int64, in list: ListRow) throws(StoreError) {
    var radius = 8
    while true {
      let below = try keys(near: pivot, below: true, limit: radius + 1, in: list)
      let above = try keys(near: pivot, below: false, limit: radius + 1, in: list)
      var window = below.reversed() + above
      let low = below.count > radius ? window.removeFirst() : nil
      let high = above.count > radius ? window.removeLast() : nil
      if let spread = OrderKey.spread(window.count, between: low, and: high) {
        // Keys moving down go in ascending order and keys moving up in descending order, so
        // that two rows never hold one key in the unique (list, key) index.
        let pairs = Array(zip(window, spread))
        let down = pairs.filter { $0.1 < $0.0 }
        let up = pairs.filter { $0.1 > $0.0 }.reversed()
        for (old, new) in down + up { try changeKey(from: old, to: new, in: list) }
        return
      }
      radius *= 4
    }
  }
}
