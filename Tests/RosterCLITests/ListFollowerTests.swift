import Foundation
import RosterBackend
import RosterKit
import RosterStore
import RosterTestSupport
import Testing

@testable import RosterCLI

/// `ListFollower`'s events, replayed as a consumer of `watch --json` would (insert and move at
/// the position, remove and update by id), give the stored list after any sequence of actions:
/// multi-entry moves and removals, undo and redo, whether caught up after every action or
/// after many, and across reloads.
@Suite struct ListFollowerTests {
  typealias Row = (id: UUID, text: String)

  static func replay(_ events: [WatchEvent], onto rows: inout [Row]) {
    for event in events {
      let row = (event.entry.id, event.entry.text)
      switch event.kind {
      case .insert: rows.insert(row, at: min((event.position ?? 1) - 1, rows.count))
      case .remove: rows.removeAll { $0.id == event.entry.id }
      case .update:
        if let index = rows.firstIndex(where: { $0.id == event.entry.id }) { rows[index] = row }
      case .move:
        rows.removeAll { $0.id == event.entry.id }
        rows.insert(row, at: min((event.position ?? 1) - 1, rows.count))
      }
    }
  }

  /// One random action on `list` (recorded by its observer).
  static func act(on list: RosterList, _ random: inout SeededGenerator, serial: Int) throws {
    let count = list.count
    switch Int.random(in: 0..<10, using: &random) {
    case 0, 1: try list.insert("n\(serial)", at: Int.random(in: 0...count, using: &random))
    case 2 where count > 0:
      let offsets = IndexSet(
        (0..<Int.random(in: 1...3, using: &random)).map { _ in
          Int.random(in: 0..<count, using: &random)
        })
      list.move(fromOffsets: offsets, toOffset: Int.random(in: 0...count, using: &random))
    case 3 where count > 0:
      try list.move(
        id: list[Int.random(in: 0..<count, using: &random)].id,
        toOffset: Int.random(in: 0..<count, using: &random))
    case 4 where count > 0:
      _ = try list.updateText(
        of: list[Int.random(in: 0..<count, using: &random)].id, to: "u\(serial)")
    case 5 where count > 2:
      _ = list.remove(atOffsets: IndexSet([0, count - 1, count / 2]))
    case 6: _ = list.undo()
    case 7: _ = list.redo()
    default: _ = try list.append("a\(serial)")
    }
  }

  @Test(arguments: [1, 7])
  func eventsReplayedGiveTheStoredList(catchingUpEvery batch: Int) throws {
    let file = TemporaryDatabase(prefix: "roster-follower")
    let writer = try SQLiteStore(path: file.path)
    let reader = try SQLiteStore(path: file.path)
    let id = try writer.createList(title: "Mixed", rule: .text).id
    let list = try writer.loadList(id)
    list.addObserver { change in _ = try? writer.record(change, in: id) }
    for name in ["A", "B", "C", "D"] { try list.append(name) }
    let (snapshot, start) = try reader.snapshot(of: id)
    let follower = ListFollower(snapshot: snapshot, at: start)
    var rows: [Row] = snapshot.entries.map { ($0.id, $0.text) }
    var random = SeededGenerator(seed: UInt64(batch))
    for serial in 0..<300 {
      try Self.act(on: list, &random, serial: serial)
      guard serial % batch == 0 else { continue }
      try follower.catchUp(reader) { Self.replay($0, onto: &rows) }
      let stored: [Row] = try reader.loadList(id).entries.map { ($0.id, $0.text) }
      #expect(rows.map(\.id) == stored.map(\.id), "after action \(serial)")
      #expect(rows.map(\.text) == stored.map(\.text), "after action \(serial)")
      if rows.map(\.id) != stored.map(\.id) { return }
    }
  }

  @Test func aReloadReportsTheDifference() throws {
    let file = TemporaryDatabase(prefix: "roster-follower")
    let writer = try SQLiteStore(path: file.path)
    let reader = try SQLiteStore(path: file.path)
    let id = try writer.createList(title: "Pruned", rule: .text).id
    try writer.add((0..<20).map { "e\($0)" }, to: id)
    let (snapshot, start) = try reader.snapshot(of: id)
    let follower = ListFollower(snapshot: snapshot, at: start)
    var rows: [Row] = snapshot.entries.map { ($0.id, $0.text) }
    var random = SeededGenerator(seed: 3)
    let list = try writer.loadList(id)
    list.addObserver { change in _ = try? writer.record(change, in: id) }
    for serial in 0..<50 { try Self.act(on: list, &random, serial: serial) }
    for serial in 0...SQLiteStore.changeLogLimit {
      try writer.add(["p\(serial)"], to: id)
      if serial % 5 == 0 { _ = try writer.remove([.position(1)], from: id) }
    }
    // The log no longer reaches back to the start.
    #expect((try? reader.loggedChanges(in: id, since: start)) == nil)
    var events: [WatchEvent] = []
    try follower.catchUp(reader) { events += $0 }
    Self.replay(events, onto: &rows)
    let stored: [Row] = try reader.loadList(id).entries.map { ($0.id, $0.text) }
    #expect(rows.map(\.id) == stored.map(\.id))
    #expect(rows.map(\.text) == stored.map(\.text))
    #expect(Set(events.map(\.sequence)).count == 1)
  }

  @Test func theLongestIncreasingSubsequenceKeepsTheMostInPlace() {
    #expect(LongestIncreasingSubsequence.values(in: []) == [])
    #expect(LongestIncreasingSubsequence.values(in: [3, 0, 1, 2]) == [0, 1, 2])
    #expect(LongestIncreasingSubsequence.values(in: [1, 0, 3, 2, 4]).count == 3)
    #expect(LongestIncreasingSubsequence.values(in: [4, 3, 2, 1]).count == 1)
  }
}
