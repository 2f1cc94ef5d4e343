import Foundation
package import RosterKit

/// Bringing an open window back in step with the store, the same on every engine.
extension EntryRowStore {
  /// Turns the logged edits since a window's last sync into edits that bring the window to the
  /// database's state, whatever it did meanwhile; `rows` are the logged actions in order, each
  /// marked `own` when this connection wrote it.
  ///
  /// Replaying other writers' edits one by one cannot converge when the window edited at the
  /// same time (its own insert lands next to an entry another process moved). Instead, every
  /// entry inserted, moved or removed by anyone since the sync is taken out and put back where
  /// the database has it: entries nobody touched keep their relative order on both sides, and
  /// touched entries are inserted in key order after their current predecessor, which the
  /// window has by then. Updated entries, categories and the title get their current values.
  /// - Returns: No edits when every action was this connection's own.
  /// - Complexity: O(k log n) for k logged edits.
  package func converging(_ rows: [(own: Bool, edits: [ListEdit])], in list: ListRow)
    throws(StoreError) -> [ListEdit]
  {
    guard rows.contains(where: { !$0.own }) else { return [] }
    var placed: [UUID] = []
    var updated: [UUID] = []
    var known: [UUID: (entry: Entry, offset: Int)] = [:]
    var categoriesChanged = false
    var titleChanged = false
    var keepSortedChanged = false
    for edit in rows.flatMap(\.edits) {
      switch edit {
      case .insert(let entry, let offset, _), .remove(let entry, let offset, _):
        if known.updateValue((entry, offset), forKey: entry.id) == nil { placed.append(entry.id) }
      case .update(_, let new): updated.append(new.id)
      case .categories: categoriesChanged = true
      case .title: titleChanged = true
      case .keepSorted: keepSortedChanged = true
      }
    }
    var result: [ListEdit] = []
    if categoriesChanged { result.append(.categories(old: [], new: try categories(of: list))) }
    if titleChanged { result.append(.title(old: "", new: try currentTitle(of: list))) }
    if keepSortedChanged {
      result.append(.keepSorted(old: nil, new: try currentKeepSorted(of: list)))
    }
    var present: [(key: Int64, entry: Entry)] = []
    for id in placed {
      let row = try located(id, in: list)
      if let row { present.append(row) }
      let entry = row?.entry ?? known[id]!.entry
      result.append(.remove(entry, offset: known[id]!.offset, after: nil))
    }
    for id in Set(updated) where known[id] == nil {
      if let row = try located(id, in: list) {
        result.append(.update(old: row.entry, new: row.entry))
      }
    }
    for (key, entry) in present.sorted(by: { $0.key < $1.key }) {
      let anchor = try neighbour(before: key, in: list)?.id
      result.append(.insert(entry, offset: known[entry.id]!.offset, after: anchor))
    }
    return result
  }
}
