import Foundation
import RosterBackend
import RosterKit

/// Many moves at once — a sort, or its undo — in a few statements per moved row instead of a
/// placement search per edit.
extension SQLiteStore {
  /// From how many edits a change is tried as bulk moves, and logged as a reload.
  static let bulkMoves = 512

  /// Applies moves in the shape `RosterList.sort` makes — k removes at strictly descending
  /// offsets, then k inserts of the same entries at strictly ascending offsets — when they
  /// match the stored order, and returns them with the anchors the database has; `nil`, having
  /// changed nothing, when they do not (the caller applies them one by one).
  ///
  /// The moved rows get keys spread between the entries that stay, through a temporary table so
  /// that no key is ever held twice.
  /// - Complexity: O(n) rows read, O(k) rows written.
  func applyMoves(_ edits: [ListEdit], in list: StoredList) throws(StoreError) -> [ListEdit]? {
    let half = edits.count / 2
    guard half > 0, edits.count == 2 * half else { return nil }
    var keys: [Int64] = []
    var ids: [UUID] = []
    let statement = try database.statement(
      "SELECT key, id FROM entries WHERE list = ? ORDER BY key")
    try statement.bind([.integer(list.row)])
    while try statement.step() {
      guard let id = statement.entryID(1) else { return nil }
      keys.append(statement.integer(0))
      ids.append(id)
    }
    statement.reset()
    guard let plan = MovePlan(edits, ids: ids) else { return nil }
    // New keys for each run of moved rows, between the rows that stay around it.
    var newKeys: [(id: UUID, key: Int64)] = []
    var run: [UUID] = []
    var low: Int64?
    for (id, stays) in zip(plan.order, plan.stays) {
      guard stays, let key = plan.originalIndex[id].map({ keys[$0] }) else {
        run.append(id)
        continue
      }
      if !run.isEmpty {
        guard let spread = OrderKey.spread(run.count, between: low, and: key) else { return nil }
        newKeys += zip(run, spread).map { ($0, $1) }
        run = []
      }
      low = key
    }
    if !run.isEmpty {
      guard let spread = OrderKey.spread(run.count, between: low, and: nil) else { return nil }
      newKeys += zip(run, spread).map { ($0, $1) }
    }
    // Created once per connection and emptied after use: dropping a table inside the
    // transaction would wait on the connection's own cached statements.
    try database.execute(
      "CREATE TEMP TABLE IF NOT EXISTS moving (id BLOB PRIMARY KEY, key INTEGER NOT NULL)"
        + " WITHOUT ROWID;"
        + " CREATE TEMP TABLE IF NOT EXISTS moved (list INTEGER, key INTEGER, id BLOB,"
        + " text TEXT, category TEXT, created REAL, updated REAL)")
    for (id, key) in newKeys {
      try database.run(
        "INSERT INTO temp.moving (id, key) VALUES (?, ?)", .id(id), .integer(key))
    }
    try database.run(
      "INSERT INTO temp.moved SELECT e.list, m.key, e.id, e.text, e.category, e.created,"
        + " e.updated FROM entries e JOIN temp.moving m ON m.id = e.id WHERE e.list = ?",
      .integer(list.row))
    try database.run(
      "DELETE FROM entries WHERE list = ? AND id IN (SELECT id FROM temp.moving)",
      .integer(list.row))
    try database.execute(
      "INSERT INTO entries (list, key, id, text, category, created, updated)"
        + " SELECT list, key, id, text, category, created, updated FROM temp.moved;"
        + " DELETE FROM temp.moving; DELETE FROM temp.moved")
    return plan.applied
  }
}

/// The final order of bulk moves over a stored order of ids, and the edits with the anchors
/// they have on it; `nil` when the moves do not have the shape or do not match.
struct MovePlan {
  /// The ids in their final order.
  let order: [UUID]
  /// For each of ``order``, whether it stays (is not moved).
  let stays: [Bool]
  /// Where each id was before.
  let originalIndex: [UUID: Int]
  /// The edits, with the anchors the stored order gives them.
  let applied: [ListEdit]

  init?(_ edits: [ListEdit], ids: [UUID]) {
    let half = edits.count / 2
    var original: [UUID: Int] = [:]
    original.reserveCapacity(ids.count)
    for (index, id) in ids.enumerated() { original[id] = index }
    var moved = Set<UUID>(minimumCapacity: half)
    var applied = edits
    var previous = Int.max
    for (index, edit) in edits[..<half].enumerated() {
      guard case .remove(let entry, let offset, _) = edit, offset >= 0, offset < previous,
        offset < ids.count, ids[offset] == entry.id
      else { return nil }
      previous = offset
      moved.insert(entry.id)
      applied[index] = .remove(entry, offset: offset, after: offset > 0 ? ids[offset - 1] : nil)
    }
    let staying = ids.filter { !moved.contains($0) }
    var order: [UUID] = []
    order.reserveCapacity(ids.count)
    var stays: [Bool] = []
    stays.reserveCapacity(ids.count)
    var next = 0
    previous = -1
    for (index, edit) in edits[half...].enumerated() {
      guard case .insert(let entry, let offset, _) = edit, offset > previous,
        moved.remove(entry.id) != nil
      else { return nil }
      let take = offset - order.count
      guard take >= 0, take <= staying.count - next else { return nil }
      previous = offset
      order += staying[next..<(next + take)]
      stays += repeatElement(true, count: take)
      next += take
      applied[half + index] = .insert(entry, offset: offset, after: order.last)
      order.append(entry.id)
      stays.append(false)
    }
    guard moved.isEmpty else { return nil }
    order += staying[next...]
    stays += repeatElement(true, count: staying.count - next)
    self.order = order
    self.stays = stays
    originalIndex = original
    self.applied = applied
  }
}
