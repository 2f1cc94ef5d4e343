import Foundation
import RosterBackend
import RosterKit

/// One list `roster watch` follows: a copy of the list and the change-log position the copy
/// reflects. Each catch-up turns the actions logged since then into ``WatchEvent``s, one action
/// at a time, so that the events replayed in order on a copy leave it equal to the stored list.
final class ListFollower {
  /// The list's identity.
  let id: UUID
  private var copy: RosterList
  /// The change-log position of the last action reported.
  private(set) var position: Int64
  /// The list's attendance, followed too when the storage keeps it.
  var attendance: AttendanceFollower?

  /// The list's title, as of the last action reported.
  var title: String { copy.title }

  /// The text of the entry `id` as of the last action reported; `nil` when not in the list.
  /// - Complexity: O(log n).
  func text(of id: UUID) -> String? { copy.entry(id: id)?.text }

  /// Follows a list from a snapshot: only later actions are reported.
  init(snapshot: RosterList, at position: Int64) {
    id = snapshot.id
    copy = snapshot
    self.position = position
  }

  /// Follows a list that appeared after the watch started: everything in it is new, so it
  /// starts empty, before its first action.
  convenience init(newcomer summary: ListSummary) {
    self.init(
      snapshot: RosterList(id: summary.id, title: summary.title, rule: summary.rule), at: 0)
  }

  /// Reads what was logged since ``position`` and hands each action's events to `report`, then
  /// moves ``position`` past it; when the log no longer reaches back, reloads the list and
  /// reports the difference. O(k log n) for k logged edits; a reload is O(n log n).
  /// - Throws: ``StoreError/listNotFound(_:)`` when the list is gone, or the storage's failure
  ///   (nothing reported twice: ``position`` stays at the last action reported).
  func catchUp(_ storage: any RosterStorage, report: ([WatchEvent]) -> Void) throws(StoreError) {
    let actions: [LoggedChange]
    do throws(StoreError) {
      actions = try storage.loggedChanges(in: id, since: position)
    } catch .reloadRequired {
      let (fresh, at) = try storage.snapshot(of: id)
      report(reload(fresh, at: at))
      return
    }
    for action in actions where action.position > position {
      report(replay(action))
      position = action.position
    }
  }

  // MARK: Replaying one action

  /// Applies one logged action to the copy and describes it as events.
  private func replay(_ action: LoggedChange) -> [WatchEvent] {
    let applied = copy.apply(action.edits).edits
    guard !applied.isEmpty else { return [] }
    // What each entry was before the action, from the first edit touching it.
    var before: [UUID: Entry?] = [:]
    var placed: Set<UUID> = []
    var order: [UUID] = []
    for edit in applied {
      guard let id = edit.entryID else { continue }
      if before[id] == nil {
        order.append(id)
        switch edit {
        case .insert: before[id] = .some(nil)
        case .remove(let entry, _, _): before[id] = entry
        case .update(let old, _): before[id] = old
        case .categories, .title, .keepSorted: break
        }
      }
      if case .insert = edit { placed.insert(id) }
    }
    var removed: [Entry] = []
    var updated: [(old: Entry, new: Entry)] = []
    var targets: [(offset: Int, entry: Entry, moved: Bool)] = []
    for id in order {
      let old = before[id] ?? nil
      guard let offset = copy.offset(of: id) else {
        if let old { removed.append(old) }
        continue
      }
      let new = copy[offset]
      if let old, old.text != new.text || old.category != new.category {
        updated.append((old, new))
      }
      if placed.contains(id) { targets.append((offset, new, old != nil)) }
    }
    let anchored = targets.sorted { $0.offset < $1.offset }.map { target in
      (target.entry, target.moved, target.offset == 0 ? nil : copy[target.offset - 1].id)
    }
    let listEdits = applied.filter { $0.entryID == nil }
    // Back to the state before the action, then forward again event by event.
    copy.apply(applied.reversed().map(\.inverse))
    let events = emit(
      removed: removed, updated: updated, placed: anchored, sequence: action.position)
    copy.apply(listEdits)
    return events
  }

  // MARK: Reloading

  /// Reports what changed between the copy and a fresh snapshot, and takes the snapshot.
  private func reload(_ fresh: RosterList, at: Int64) -> [WatchEvent] {
    var freshOffsets: [UUID: Int] = [:]
    freshOffsets.reserveCapacity(fresh.count)
    for (offset, entry) in fresh.entries.enumerated() { freshOffsets[entry.id] = offset }
    var removed: [Entry] = []
    var updated: [(old: Entry, new: Entry)] = []
    var common: [Int] = []
    for entry in copy.entries {
      guard let offset = freshOffsets[entry.id] else {
        removed.append(entry)
        continue
      }
      common.append(offset)
      let new = fresh[offset]
      if new.text != entry.text || new.category != entry.category {
        updated.append((entry, new))
      }
    }
    // Entries that keep their relative order stay; the others move.
    let staying = Set(LongestIncreasingSubsequence.values(in: common))
    var placed: [(Entry, Bool, UUID?)] = []
    for (offset, entry) in fresh.entries.enumerated() where !staying.contains(offset) {
      let moved = copy.offset(of: entry.id) != nil
      placed.append((entry, moved, offset == 0 ? nil : fresh[offset - 1].id))
    }
    copy.apply([.title(old: copy.title, new: fresh.title)])
    let events = emit(removed: removed, updated: updated, placed: placed, sequence: at)
    copy = fresh
    position = at
    return events
  }

  // MARK: Events

  /// Turns the copy, as it was before, into the state after, one event at a time, and returns
  /// the events: removals, then updates, then inserts and moves in their final order, each put
  /// right after its final predecessor (which is in place by then), so that every position is
  /// the one a copy replaying the events has at that moment.
  private func emit(
    removed: [Entry], updated: [(old: Entry, new: Entry)], placed: [(Entry, Bool, UUID?)],
    sequence: Int64
  ) -> [WatchEvent] {
    var events: [WatchEvent] = []
    let title = copy.title
    for entry in removed {
      guard
        case .remove(let gone, let offset, _)? = copy.apply([.remove(entry, offset: 0, after: nil)])
          .edits.first
      else { continue }
      events.append(
        WatchEvent(
          kind: .remove, list: title, entry: gone, position: offset + 1, sequence: sequence))
    }
    for (old, new) in updated {
      copy.apply([.update(old: old, new: new)])
      events.append(
        WatchEvent(
          kind: .update, list: title, entry: new, oldText: old.text, position: nil,
          sequence: sequence))
    }
    for (entry, moved, predecessor) in placed {
      if moved { copy.apply([.remove(entry, offset: 0, after: nil)]) }
      guard
        case .insert(_, let offset, _)? = copy.apply([
          .insert(entry, offset: 0, after: predecessor)
        ]).edits.first
      else { continue }
      events.append(
        WatchEvent(
          kind: moved ? .move : .insert, list: title, entry: entry, position: offset + 1,
          sequence: sequence))
    }
    return events
  }
}
