public import Foundation
public import RosterKit

/// Following other connections, with the SQL engines' semantics
/// (`EntryHistoryStore+ChangeFeed.swift`, `EntryRowStore+Converging.swift`).
extension MemoryStorage {
  /// Edits that bring a list loaded at change-log position `since` up to date with what other
  /// connections wrote, whatever this one did meanwhile, and the position to ask from next
  /// time; see ``RosterStorage/changes(in:since:)``.
  /// - Throws: ``StoreError/reloadRequired`` when the log no longer reaches back to `since`,
  ///   or ``StoreError/listNotFound(_:)``.
  /// - Complexity: O(k log n) for k logged edits.
  public func changes(in list: UUID, since: Int64) throws(StoreError) -> (
    edits: [ListEdit], position: Int64
  ) {
    try database.transaction(by: connection) { () throws(StoreError) in
      let stored = try database.list(list)
      let rows = try stored.rows(after: since)
      let edits =
        rows.contains { $0.writer != writerID } ? stored.converging(rows.flatMap(\.edits)) : []
      return (edits, rows.last?.position ?? since)
    }
  }

  /// The list's change log after position `since`, one action at a time, whoever made it.
  /// - Throws: ``StoreError/reloadRequired`` when the log no longer reaches back to `since`,
  ///   or ``StoreError/listNotFound(_:)``.
  /// - Complexity: O(k) for k logged actions.
  public func loggedChanges(in list: UUID, since: Int64) throws(StoreError) -> [LoggedChange] {
    try database.transaction(by: connection) { () throws(StoreError) in
      try database.list(list).rows(after: since).map {
        LoggedChange(position: $0.position, edits: $0.edits)
      }
    }
  }

  /// Whether another connection on the database changed anything since the last call (or
  /// since this one opened). O(1).
  public func hasExternalChanges() throws(StoreError) -> Bool {
    let external = database.externalCommits(for: connection)
    defer { seenExternal = external }
    return external != seenExternal
  }

  /// Waits until another connection changes something, or until `timeout` has passed, and says
  /// which; woken by the commit itself, without polling. ``hasExternalChanges()`` then reports
  /// the change.
  public func waitForExternalChanges(timeout: Duration) throws(StoreError) -> Bool {
    let (seconds, attoseconds) = timeout.components
    let deadline = Date(
      timeIntervalSinceNow: TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18)
    let external = database.waitForCommits(
      by: connection, otherThan: seenExternal, until: deadline)
    return external != seenExternal
  }
}

extension MemoryList {
  /// The change-log rows after position `since`, oldest first.
  /// - Throws: ``StoreError/reloadRequired`` when rows after `since` were pruned.
  /// - Complexity: O(k) for k rows.
  func rows(after since: Int64) throws(StoreError) -> ArraySlice<
    (position: Int64, writer: UUID, edits: [ListEdit])
  > {
    guard since >= pruned else { throw .reloadRequired }
    guard let first = log.first?.position else { return [] }
    let start = min(max(Int(since - first) + 1, 0), log.count)
    return log[start...]
  }

  /// Edits that bring a list in step with the stored one after `logged`, the edits logged
  /// since it was: every entry they inserted, moved or removed is taken out and put back
  /// where the store has it now, after its stored predecessor (in stored order, so that the
  /// predecessor is there by then); updated entries, the categories, the title and the kept
  /// order get their current values.
  /// - Complexity: O(k log n) for k logged edits.
  func converging(_ logged: [ListEdit]) -> [ListEdit] {
    let list = contents
    var placed: [UUID] = []
    var last: [UUID: (entry: Entry, offset: Int)] = [:]
    var updated: [UUID] = []
    var result: [ListEdit] = []
    var whole: (categories: Bool, title: Bool, keepSorted: Bool) = (false, false, false)
    for edit in logged {
      switch edit {
      case .insert(let entry, let offset, _), .remove(let entry, let offset, _):
        if last.updateValue((entry, offset), forKey: entry.id) == nil { placed.append(entry.id) }
      case .update(_, let new): updated.append(new.id)
      case .categories: whole.categories = true
      case .title: whole.title = true
      case .keepSorted: whole.keepSorted = true
      }
    }
    if whole.categories { result.append(.categories(old: [], new: list.categories)) }
    if whole.title { result.append(.title(old: "", new: list.title)) }
    if whole.keepSorted { result.append(.keepSorted(old: nil, new: list.keepSorted)) }
    var present: [(at: Int, entry: Entry)] = []
    for id in placed {
      let seen = last[id]!
      let at = list.offset(of: id)
      if let at { present.append((at, list[at])) }
      result.append(.remove(at.map { list[$0] } ?? seen.entry, offset: seen.offset, after: nil))
    }
    var refreshed: Set<UUID> = []
    for id in updated where last[id] == nil && refreshed.insert(id).inserted {
      if let entry = list.entry(id: id) { result.append(.update(old: entry, new: entry)) }
    }
    for (at, entry) in present.sorted(by: { $0.at < $1.at }) {
      let predecessor = at > 0 ? list[at - 1].id : nil
      result.append(.insert(entry, offset: last[entry.id]!.offset, after: predecessor))
    }
    return result
  }
}
