import Foundation
import RosterKit

/// `roster-bench --profile-ops N`: builds a list of N entries, then runs each single-entry
/// operation `OperationProbe.calls` times in a function of its own, so that
/// `valgrind --tool=callgrind` reports each one's instructions (inclusive cost of
/// `probe_<operation>` divided by the calls) and cache simulation its lines touched.
enum OperationProbe {
  static let calls = 2_000

  static func run(_ n: Int) {
    let rows = ListBench.makeRows(n)
    let list = RosterList(title: "Probe", rule: .text, entries: rows.map(ListBench.entry))
    var random = SystemRandomNumberGenerator()
    let ids = (0..<calls).map { _ in list[Int.random(in: 0..<n, using: &random)].id }
    let offsets = (0..<calls).map { _ in Int.random(in: 0..<n, using: &random) }
    var sink = 0
    // Warm up: the first inserts grow the id index once (it is built exactly full), which is no
    // single operation's cost. At offsets of their own, so that the measured inserts meet cold
    // leaves as the timed benchmark's do.
    let warmOffsets = (0..<calls).map { _ in Int.random(in: 0..<n, using: &random) }
    let warm = warmOffsets.map { try! list.insert("Nia", at: $0).id }
    for id in warm.reversed() { _ = try! list.remove(id: id) }
    sink &+= probe_offsetOf(list, ids)
    probe_update(list, ids)
    let inserted = probe_insert(list, offsets)
    probe_remove(list, inserted)
    probe_move(list, ids, offsets)
    probe_undo(list)
    sink &+= probe_search(list)
    print(sink)
  }

  @inline(never)
  static func probe_offsetOf(_ list: RosterList, _ ids: [UUID]) -> Int {
    ids.reduce(0) { $0 &+ list.offset(of: $1)! }
  }

  @inline(never)
  static func probe_update(_ list: RosterList, _ ids: [UUID]) {
    for (i, id) in ids.enumerated() {
      _ = try? list.updateText(of: id, to: i & 1 == 0 ? "Ama" : "Kofi")
      list.endTyping()
    }
  }

  @inline(never)
  static func probe_insert(_ list: RosterList, _ offsets: [Int]) -> [UUID] {
    offsets.map { try! list.insert("Nia", at: $0).id }
  }

  @inline(never)
  static func probe_remove(_ list: RosterList, _ ids: [UUID]) {
    for id in ids.reversed() { _ = try! list.remove(id: id) }
  }

  @inline(never)
  static func probe_move(_ list: RosterList, _ ids: [UUID], _ offsets: [Int]) {
    for (i, id) in ids.enumerated() { try! list.move(id: id, toOffset: offsets[(i * 7) % calls]) }
  }

  /// Undoes the last action (a move) and redoes it, by turns.
  @inline(never)
  static func probe_undo(_ list: RosterList) {
    for i in 0..<calls {
      if i & 1 == 0 { list.undo() } else { list.redo() }
    }
  }

  /// One whole search (not divided by the calls).
  @inline(never)
  static func probe_search(_ list: RosterList) -> Int {
    list.search("zoe").reduce(0) { count, _ in count + 1 }
  }
}
