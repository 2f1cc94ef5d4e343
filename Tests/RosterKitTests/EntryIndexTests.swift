import Foundation
import RosterTestSupport
import Testing

@testable import RosterKit

@Suite struct EntryIndexTests {
  /// Random inserts, overwrites and removals against a Dictionary, through many regrowths and
  /// long collision runs (sequential ids, a table that starts tiny).
  @Test(arguments: [7, 8] as [UInt64])
  func matchesDictionary(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    var index = EntryIndex()
    var reference: [UUID: Int32] = [:]
    var hints: [UUID: Int] = [:]
    let pool = (0..<2_000).map { seed == 7 ? SequentialIDs.id(UInt64($0)) : UUID() }
    for step in 0..<40_000 {
      let id = pool.randomElement(using: &random)!
      if Int.random(in: 0..<3, using: &random) == 0 {
        index.remove(id)
        reference[id] = nil
      } else {
        let leaf = Int32(step % 1_000)
        #expect(
          index.set(id, leaf: leaf, hint: step % 129) == reference.updateValue(leaf, forKey: id))
        hints[id] = step % 129
      }
      #expect(index.count == reference.count)
    }
    for id in pool {
      #expect(index[id] == reference[id])
      if let leaf = reference[id] { #expect(index.location(of: id)! == (leaf, hints[id]!)) }
    }
  }

  @Test func bulkBuildFindsEveryIDAndKeepsWorking() throws {
    let ids = (0..<5_000).map { SequentialIDs.id(UInt64($0)) } + (0..<5_000).map { _ in UUID() }
    var index = try #require(
      EntryIndex(count: ids.count, id: { ids[$0] }, leafOf: { Int32($0 / 7) }, slotOf: { $0 % 7 }))
    for (position, id) in ids.enumerated() {
      #expect(index.location(of: id)! == (Int32(position / 7), position % 7))
    }
    #expect(index[UUID()] == nil)
    for id in ids.prefix(3_000) { index.remove(id) }
    #expect(index.count == 7_000)
    for (position, id) in ids.enumerated().dropFirst(3_000) {
      #expect(index[id] == Int32(position / 7))
    }
  }

  @Test func bulkBuildRefusesDuplicates() {
    let id = UUID()
    let ids = [UUID(), id, UUID(), id]
    #expect(EntryIndex(count: 4, id: { ids[$0] }, leafOf: { _ in 0 }, slotOf: { $0 }) == nil)
  }
}

@Test func generatedIDsAreVersion4AndDistinct() {
  let generator = UUIDGenerator()
  var seen = Set<UUID>()
  for _ in 0..<10_000 {
    let id = generator.make()
    #expect(id.uuid.6 >> 4 == 4)
    #expect(id.uuid.8 >> 6 == 2)
    seen.insert(id)
  }
  #expect(seen.count == 10_000)
}
