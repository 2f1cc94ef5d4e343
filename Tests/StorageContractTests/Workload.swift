import Foundation
import RosterBackend
import RosterKit

/// One database under a random workload: two windows of one list, each on a connection of its
/// own and recording what it does, another connection for `roster undo` and `roster redo`, a
/// follower of the change log, and a reader of the stored list.
///
/// Two workloads driven by the same actions on two engines must observe the same after every
/// action (``observe(_:)``): that is how ``ReferenceWorkloadTests`` holds an engine to
/// `MemoryStorage`.
final class Workload {
  let id: UUID
  /// The list's first title; renames add a number, so that lists of several seeds can share
  /// a database without taking each other's titles.
  let title: String
  /// The windows: the first follows the others only when told (``Action/sync(window:)``), so
  /// that it acts on a stale list; the second after every action.
  let windows: [Window]
  private let command: any RosterStorage
  private let reader: any RosterStorage
  private let follower: any RosterStorage
  private var followed: (list: RosterList, position: Int64)

  /// A new list on `database`, titled after `seed`, with both windows open on it.
  /// - Parameters:
  ///   - database: The engine's database.
  ///   - seed: The workload's seed.
  ///   - splittingTyping: Whether the windows record typing as steps of their own, as a store
  ///     that ignores ``RosterKit/ListChange/joinsPreviousStep`` would keep it.
  /// - Throws: What the engine throws.
  init(database: any StorageDatabase, seed: UInt64, splittingTyping: Bool = false) throws {
    command = try database.open()
    reader = try database.open()
    follower = try database.open()
    title = "Seed \(seed)"
    let id = try command.createList(title: title, rule: .text).id
    self.id = id
    windows = try (0..<2).map { index in
      try Window(
        storage: database.open(), list: id, number: UInt8(index + 1),
        splittingTyping: splittingTyping)
    }
    followed = try follower.snapshot(of: id)
  }

  /// Does `action`, then brings the second window and the follower up to date.
  /// - Returns: What the action returned that the store decided: the edits `roster undo` or
  ///   `roster redo` applied.
  func perform(_ action: Action) throws -> [ListEdit]?? {
    var outcome: [ListEdit]?? = .none
    switch action {
    case .commandUndo: outcome = .some(try command.undo(in: id))
    case .commandRedo: outcome = .some(try command.redo(in: id))
    case .sync(let window): try windows[window].sync()
    case .typeAlongside(let texts): typeAlongside(texts)
    default: windows[action.window].perform(action)
    }
    try windows[1].sync()
    do {
      for logged in try follower.loggedChanges(in: id, since: followed.position) {
        followed.list.apply(logged.edits)
        followed.position = logged.position
      }
    } catch .reloadRequired {
      followed = try follower.snapshot(of: id)
    }
    return outcome
  }

  /// Both windows type `texts` into their empty last rows, one keystroke each in turn.
  private func typeAlongside(_ texts: [String]) {
    let rows = windows.map { $0.row(of: nil) }
    let longest = texts.map(\.count).max() ?? 0
    for length in 1...max(longest, 1) {
      for index in texts.indices where length <= texts[index].count {
        windows[index].keystroke(String(texts[index].prefix(length)), at: rows[index])
      }
    }
  }

  /// What the action left: the stored list, each window, the follower, and the refusals the
  /// windows met.
  func observe(_ outcome: [ListEdit]??) throws -> Observation {
    Observation(
      stored: Contents(try reader.loadList(id)), windows: windows.map { Contents($0.list) },
      followed: Contents(followed.list), refused: windows.flatMap(\.refused), outcome: outcome)
  }
}

/// What a workload shows after one action.
struct Observation: Equatable, CustomStringConvertible {
  var stored: Contents
  var windows: [Contents]
  var followed: Contents
  var refused: [ErrorCase]
  var outcome: [ListEdit]??

  /// What differs from `other`, named.
  func differences(from other: Observation) -> [String] {
    var found: [String] = []
    if stored != other.stored { found.append("stored \(stored) ≠ \(other.stored)") }
    for (index, (mine, theirs)) in zip(windows, other.windows).enumerated() where mine != theirs {
      found.append("window \(index) \(mine) ≠ \(theirs)")
    }
    if followed != other.followed { found.append("follower \(followed) ≠ \(other.followed)") }
    if refused != other.refused { found.append("refused \(refused) ≠ \(other.refused)") }
    if outcome != other.outcome {
      found.append("outcome \(String(describing: outcome)) ≠ \(String(describing: other.outcome))")
    }
    return found
  }

  /// Where the engine disagrees with itself: the follower must show the stored list, and a
  /// window that has read every change must show the stored entries, in the stored order,
  /// with the stored texts (an undo or redo of a move keeps a text another writer gave the
  /// entry since).
  var inconsistencies: [String] {
    var found: [String] = []
    if followed != stored { found.append("the follower \(followed) ≠ stored \(stored)") }
    if windows[1].entries.map(\.id) != stored.entries.map(\.id) {
      found.append("the second window's order \(windows[1]) ≠ stored \(stored)")
    }
    if windows[1].entries.map(\.text) != stored.entries.map(\.text) {
      found.append("the second window's texts \(windows[1]) ≠ stored \(stored)")
    }
    return found
  }

  var description: String { "stored \(stored)" }
}

/// A window of a list on a connection of its own, recording each change as a front end does,
/// with ids and times that are the same on every engine.
final class Window {
  let storage: any RosterStorage
  let id: UUID
  private(set) var list: RosterList
  private var position: Int64 = 0
  /// The kinds of the errors the store answered this window's changes with, in order.
  private(set) var refused: [ErrorCase] = []
  private let ids: CountingIDs
  private let splittingTyping: Bool

  init(storage: any RosterStorage, list id: UUID, number: UInt8, splittingTyping: Bool) throws {
    self.storage = storage
    self.id = id
    self.splittingTyping = splittingTyping
    ids = CountingIDs(prefix: number)
    list = RosterList(title: "")
    try load()
  }

  /// Loads the list again, as a window does when told to reload.
  func load() throws {
    let (stored, at) = try storage.snapshot(of: id)
    let ids = ids
    list = RosterList(
      id: id, title: stored.title, rule: stored.rule, categories: stored.categories,
      entries: Array(stored.entries), keepSorted: stored.keepSorted, makeID: { ids.next() },
      now: { Date(timeIntervalSinceReferenceDate: 800_000_000) })
    position = at
    list.addObserver { [unowned self] change in
      guard change.origin != .external else { return }
      let recorded =
        splittingTyping ? ListChange(origin: change.origin, edits: change.edits) : change
      do throws(StoreError) {
        try storage.record(recorded, in: id)
      } catch {
        refused.append(ErrorCase(error))
      }
    }
  }

  /// Applies what the other connections wrote since the last sync.
  func sync() throws {
    do {
      let (edits, next) = try storage.changes(in: id, since: position)
      list.apply(edits)
      position = next
    } catch .reloadRequired {
      try load()
    }
  }

  /// Does a window's action; one RosterKit refuses (an entry this window no longer has, a
  /// move in a sorted list) does nothing, on every engine alike.
  func perform(_ action: Action) {
    switch action {
    case .append(_, let text, let category): _ = try? list.append(text, category: category)
    case .type(_, let entry, let text):
      let row = row(of: entry)
      for end in text.indices { keystroke(String(text[...end]), at: row) }
    case .remove(_, let entry): _ = try? list.remove(id: entry)
    case .move(_, let entry, let offset): try? list.move(id: entry, toOffset: offset)
    case .setCategory(_, let entry, let category):
      _ = try? list.setCategory(of: entry, to: category)
    case .renameCategory(_, let name, let new): try? list.renameCategory(name, to: new)
    case .rename(_, let title): try? list.rename(to: title)
    case .keepSorted(_, let order): list.setKeepSorted(order, collation: ScalarCollation())
    case .undo: list.undo()
    case .redo: list.redo()
    case .commandUndo, .commandRedo, .sync, .typeAlongside: break
    }
  }

  /// The row that shows `entry`, or the empty last row for `nil`.
  func row(of entry: UUID?) -> Int {
    entry.flatMap { list.offset(of: $0) } ?? list.editableRows.draftOffset
  }

  /// Writes what a text field at `row` holds after a keystroke: every prefix of a name is one.
  func keystroke(_ text: String, at row: Int) {
    _ = try? list.editableRows.setText(text, at: row)
  }
}

/// Entry ids counted up from a window's number, so that two engines' windows make the same.
final class CountingIDs: @unchecked Sendable {
  private let prefix: UInt8
  private var count: UInt64 = 0

  init(prefix: UInt8) { self.prefix = prefix }

  func next() -> UUID {
    count += 1
    let n = count
    return UUID(
      uuid: (
        prefix, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, UInt8(truncatingIfNeeded: n >> 40),
        UInt8(truncatingIfNeeded: n >> 32), UInt8(truncatingIfNeeded: n >> 24),
        UInt8(truncatingIfNeeded: n >> 16), UInt8(truncatingIfNeeded: n >> 8),
        UInt8(truncatingIfNeeded: n)
      ))
  }
}
