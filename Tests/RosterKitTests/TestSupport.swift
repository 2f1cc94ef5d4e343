import Foundation
import RosterTestSupport

@testable import RosterKit

/// Ids 00000000-0000-0000-0000-000000000001, …02, … in order: deterministic tests.
final class SequentialIDs: @unchecked Sendable {
  private var next: UInt64 = 0
  private let lock = NSLock()

  func make() -> UUID {
    lock.lock()
    defer { lock.unlock() }
    next += 1
    return Self.id(next)
  }

  static func id(_ n: UInt64) -> UUID {
    let hex = String(n, radix: 16)
    let padded = String(repeating: "0", count: 12 - hex.count) + hex
    return UUID(uuidString: "00000000-0000-0000-0000-" + padded)!
  }
}

/// A fixed clock that ticks one second per reading.
final class TickingClock: @unchecked Sendable {
  private var seconds: TimeInterval = 1_700_000_000
  private let lock = NSLock()

  func now() -> Date {
    lock.lock()
    defer { lock.unlock() }
    seconds += 1
    return Date(timeIntervalSince1970: seconds)
  }
}

/// A list with deterministic ids and clock.
func makeList(
  _ texts: [String] = [], rule: Rule = .text, ids: SequentialIDs = SequentialIDs(),
  leafCapacity: Int = 128, innerCapacity: Int = 64
) throws -> RosterList {
  let clock = TickingClock()
  let list = RosterList(
    id: SequentialIDs.id(0xFFFF), title: "Test", rule: rule, categories: [],
    tree: EntryTree(leafCapacity: leafCapacity, innerCapacity: innerCapacity),
    makeID: { ids.make() }, now: { clock.now() })
  for text in texts { try list.append(text) }
  return list
}

/// Applies splices to a plain array of ids, as a GTK list model would.
func replay(_ splices: [Splice], on ids: inout [UUID], from list: RosterList) {
  for splice in splices {
    ids.removeSubrange(splice.offset..<(splice.offset + splice.removed))
    let inserted = (0..<splice.inserted).map { list[splice.offset + $0].id }
    ids.insert(contentsOf: inserted, at: splice.offset)
  }
}

/// `count` strings of 0 to `maxLength` scalars drawn from `pool`, the same for the same `seed`.
func randomStrings(from pool: String, count: Int, maxLength: Int, seed: UInt64) -> [String] {
  let scalars = Array(pool.unicodeScalars)
  var generator = SeededGenerator(seed: seed)
  return (0..<count).map { _ in
    var string = String.UnicodeScalarView()
    for _ in 0..<Int.random(in: 0...maxLength, using: &generator) {
      string.append(scalars.randomElement(using: &generator)!)
    }
    return String(string)
  }
}
