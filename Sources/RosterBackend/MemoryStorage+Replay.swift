import Foundation
import RosterKit

/// One list as a ``MemoryStorage/Database`` keeps it: its contents, its change log and its undo
/// history, changed only inside the database's transactions.
final class MemoryList {
  /// One undo or redo step: the edits of one action, and the connection that made it.
  struct Step {
    var writer: UUID
    var edits: [ListEdit]
  }

  /// The list as stored. Nothing observes it, and its own undo history is never used.
  let contents: RosterList
  /// The change log's newest rows, oldest first, at consecutive positions: at most twice
  /// ``MemoryStorage/Database/changeLogLimit``, of which the last limit count.
  var log: [(position: Int64, writer: UUID, edits: [ListEdit])] = []
  /// The newest change-log position, 0 before the first change.
  var position: Int64 = 0
  /// The newest position pruned from the log: a reader from before it must reload.
  var pruned: Int64 = 0
  /// Steps to undo, newest last.
  var undo: [Step] = []
  /// Undone steps to redo, newest last.
  var redo: [Step] = []
  /// The list's attendance (``MemoryStorage`` as ``AttendanceStorage``).
  var attendance = MemoryAttendance()

  init(_ contents: RosterList) {
    self.contents = contents
  }

  /// Applies `edits` by identity, as the SQL engines replay them (`EntryRowStore.replay`), and
  /// returns them as applied, with anchors as the list has them; edits that no longer apply
  /// are skipped.
  ///
  /// A remove followed by an insert of the same entry is a move: the entry keeps its stored
  /// content and stays where it was until the insert, and a move of an entry gone meanwhile
  /// does not bring it back. An update keeps the entry's creation time. Title collisions are
  /// the caller's to refuse first.
  /// - Complexity: O(k log n) for k edits.
  func replay(_ edits: [ListEdit]) -> [ListEdit] {
    let list = contents
    // Where each entry is inserted last: a remove before that is half of a move.
    let lastInsert = Dictionary(
      edits.indices.compactMap { index in
        if case .insert(let entry, _, _) = edits[index] { (entry.id, index) } else { nil }
      }, uniquingKeysWith: max)
    // Entries being moved (still in place), and entries a move was about that are gone.
    var moving: Set<UUID> = []
    var vanished: Set<UUID> = []
    var applied: [ListEdit] = []
    for (index, edit) in edits.enumerated() {
      switch edit {
      case .insert(let entry, let offset, let after):
        let existing = list.entry(id: entry.id)
        guard existing == nil || moving.contains(entry.id), !vanished.contains(entry.id) else {
          continue
        }
        moving.remove(entry.id)
        if let existing { list.apply([.remove(existing, offset: 0, after: nil)]) }
        let placed = existing ?? entry
        let predecessor = anchor(after: after, offset: offset, placing: entry.id)
        list.apply([.insert(placed, offset: 0, after: predecessor)])
        applied.append(.insert(placed, offset: offset, after: predecessor))
      case .remove(let entry, let offset, _):
        let movesLater = (lastInsert[entry.id] ?? -1) > index
        guard let at = list.offset(of: entry.id) else {
          if movesLater { vanished.insert(entry.id) }
          continue
        }
        let existing = list[at]
        let predecessor = at > 0 ? list[at - 1].id : nil
        if movesLater {
          moving.insert(entry.id)
        } else {
          list.apply([.remove(existing, offset: at, after: predecessor)])
        }
        applied.append(.remove(existing, offset: offset, after: predecessor))
      case .update(let old, let new):
        guard let existing = list.entry(id: new.id) else { continue }
        let stored = existing.merging(old, new)
        list.apply([.update(old: existing, new: stored)])
        applied.append(.update(old: existing, new: stored))
      case .categories(_, let new):
        applied.append(.categories(old: list.categories, new: new))
        list.apply([applied[applied.count - 1]])
      case .title(_, let new):
        applied.append(.title(old: list.title, new: new))
        list.apply([applied[applied.count - 1]])
      case .keepSorted(_, let new):
        applied.append(.keepSorted(old: list.keepSorted, new: new))
        list.apply([applied[applied.count - 1]])
      }
    }
    return applied
  }

  /// The entry an insert of `placing` (not in the list) lands after: the anchor `after` when
  /// the list has it; when it is gone, the entry at `offset` - 1 (clamped to the last); `nil`,
  /// the start, for a `nil` anchor or offset 0.
  /// - Complexity: O(log n).
  private func anchor(after: UUID?, offset: Int, placing: UUID) -> UUID? {
    let list = contents
    guard let after else { return nil }
    if after != placing, list.offset(of: after) != nil { return after }
    guard offset > 0, !list.isEmpty else { return nil }
    return list[min(offset, list.count) - 1].id
  }
}
