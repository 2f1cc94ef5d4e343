import Foundation
import RosterTestSupport
import Testing

@testable import RosterKit

/// Random sequences of every operation, undo and redo included, checked step by step against a
/// plain array of entries that does the obvious thing.
@Suite struct RandomizedModelTests {
  /// The reference: the list as a plain array, plus its own undo and redo stacks of snapshots.
  struct Reference {
    var entries: [Entry] = []
    var undo: [[Entry]] = []
    var redo: [[Entry]] = []

    mutating func commit(_ next: [Entry]) {
      undo.append(entries)
      redo.removeAll()
      entries = next
    }
  }

  /// Small node capacities make leaves and inner nodes split, and empty ones get pruned, within
  /// a few hundred entries; the default capacities check the production shape. Tiny leaves
  /// under wide inner nodes give inner nodes more than eight children, where the scans of their
  /// counts go eight at a time.
  @Test(
    arguments: [(1, 2, 3), (2, 3, 3), (3, 4, 5), (4, 128, 64), (5, 2, 20), (6, 3, 41)]
      as [(UInt64, Int, Int)])
  func operationsMatchReference(seed: UInt64, leafCapacity: Int, innerCapacity: Int) throws {
    var random = SeededGenerator(seed: seed)
    let list = try makeList(leafCapacity: leafCapacity, innerCapacity: innerCapacity)
    var reference = Reference()
    var observed: [UUID] = []
    var combined: [UUID] = []
    var changes: [ListChange] = []
    list.addObserver { changes.append($0) }

    for step in 0..<3_000 {
      changes.removeAll()
      let before = reference.entries
      let count = reference.entries.count
      switch Int.random(in: 0..<100, using: &random) {
      case 0..<25:
        let offset = Int.random(in: 0...count, using: &random)
        let entry = try list.insert("item \(step)", at: offset)
        var next = reference.entries
        next.insert(entry, at: offset)
        reference.commit(next)
      case 25..<35 where count > 0:
        let victim = reference.entries.randomElement(using: &random)!
        try list.remove(id: victim.id)
        reference.commit(reference.entries.filter { $0.id != victim.id })
      case 35..<42 where count > 0:
        let offsets = IndexSet(
          (0..<Int.random(in: 1...4, using: &random)).map { _ in
            Int.random(in: 0..<count, using: &random)
          })
        list.remove(atOffsets: offsets)
        let next = reference.entries.enumerated().filter { !offsets.contains($0.offset) }
        reference.commit(next.map(\.element))
      case 42..<52 where count > 0:
        let offsets = IndexSet(
          (0..<Int.random(in: 1...3, using: &random)).map { _ in
            Int.random(in: 0..<count, using: &random)
          })
        let destination = Int.random(in: 0...count, using: &random)
        list.move(fromOffsets: offsets, toOffset: destination)
        let next = moved(reference.entries, fromOffsets: offsets, toOffset: destination)
        if next.map(\.id) != reference.entries.map(\.id) { reference.commit(next) }
      case 52..<60 where count > 0:
        let victim = reference.entries.randomElement(using: &random)!
        let to = Int.random(in: 0..<count, using: &random)
        try list.move(id: victim.id, toOffset: to)
        var next = reference.entries.filter { $0.id != victim.id }
        next.insert(victim, at: to)
        if next.map(\.id) != reference.entries.map(\.id) { reference.commit(next) }
      case 60..<70 where count > 0:
        let offset = Int.random(in: 0..<count, using: &random)
        list.endTyping()
        let updated = try list.updateText(of: reference.entries[offset].id, to: "edit \(step)")
        var next = reference.entries
        next[offset] = updated
        reference.commit(next)
      case 70..<85:
        list.undo()
        if let previous = reference.undo.popLast() {
          reference.redo.append(reference.entries)
          reference.entries = previous
        }
      case 85..<95:
        list.redo()
        if let next = reference.redo.popLast() {
          reference.undo.append(reference.entries)
          reference.entries = next
        }
      case 95..<98 where count > 0:
        let order = EntryOrder(
          field: Bool.random(using: &random) ? .text : .lastWord,
          descending: Bool.random(using: &random))
        let collation = ScalarCollation()
        list.sort(order, collation: collation)
        let keyed = reference.entries.enumerated().map {
          (key: collation.sortKey(for: $0.element.text, in: order), at: $0.offset, $0.element)
        }
        let next = keyed.sorted {
          $0.key != $1.key ? (order.descending ? $1.key < $0.key : $0.key < $1.key) : $0.at < $1.at
        }.map(\.2)
        if next.map(\.id) != reference.entries.map(\.id) { reference.commit(next) }
      default:
        // A stale offset from a view that has not caught up: never traps, never changes.
        #expect(list.entry(at: count + 5) == nil)
        #expect(list.entry(at: -1) == nil)
      }

      #expect(list.tree.invariantViolations() == [], "step \(step)")
      #expect(list.entries.map(\.id) == reference.entries.map(\.id), "step \(step)")
      #expect(Array(list.entries) == reference.entries, "step \(step)")
      let index = Int.random(in: 0..<max(count, 1), using: &random)
      if index < reference.entries.count {
        let id = reference.entries[index].id
        #expect(list.offset(of: id) == index)
        #expect(list.entry(id: id) == reference.entries[index])
      }

      // The reports replay the change on a copy, as a front end would.
      observed = before.map(\.id)
      combined = before.map(\.id)
      for change in changes {
        replayEdits(change.edits, on: &observed)
        if let splice = change.combinedSplice { replay([splice], on: &combined, from: list) }
        #expect(spliceCountsMatch(change, before: before.count))
      }
      #expect(observed == reference.entries.map(\.id), "edits replay, step \(step)")
      #expect(combined == reference.entries.map(\.id), "combined splice, step \(step)")
    }
  }

  /// SwiftUI's `move(fromOffsets:toOffset:)`, the obvious way: the moved items go before the item
  /// that was at `destination`, keeping their order.
  func moved(_ items: [Entry], fromOffsets offsets: IndexSet, toOffset destination: Int)
    -> [Entry]
  {
    let moving = offsets.map { items[$0] }
    let before = items[..<destination].enumerated().filter { !offsets.contains($0.offset) }
    let after = items[destination...].enumerated().filter {
      !offsets.contains($0.offset + destination)
    }
    return before.map(\.element) + moving + after.map(\.element)
  }

  /// Replays edits by their recorded offsets.
  func replayEdits(_ edits: [ListEdit], on ids: inout [UUID]) {
    for edit in edits {
      switch edit {
      case .insert(let entry, let offset, let after):
        #expect(after == (offset > 0 ? ids[offset - 1] : nil))
        ids.insert(entry.id, at: offset)
      case .remove(let entry, let offset, _):
        #expect(ids[offset] == entry.id)
        ids.remove(at: offset)
      case .update, .categories, .title, .keepSorted: break
      }
    }
  }

  /// Applying the splices in order to a list of `before` items ends with the right count.
  func spliceCountsMatch(_ change: ListChange, before: Int) -> Bool {
    var count = before
    for splice in change.splices {
      guard splice.offset >= 0, splice.offset + splice.removed <= count else { return false }
      count += splice.inserted - splice.removed
    }
    let inserted = change.edits.count { if case .insert = $0 { true } else { false } }
    let removed = change.edits.count { if case .remove = $0 { true } else { false } }
    return count == before + inserted - removed
  }
}
