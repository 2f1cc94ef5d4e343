import Foundation
import Testing

@testable import RosterKit

@Suite struct UUIDGeneratorTests {
  /// Whether `id` is a version 4, variant 1 (RFC 9562) UUID.
  func isRandomVersion4(_ id: UUID) -> Bool {
    let bytes = id.uuid
    return bytes.6 >> 4 == 4 && bytes.8 >> 6 == 0b10
  }

  @Test func sharedGeneratorMakesDistinctVersion4IDs() {
    let ids = (0..<10_000).map { _ in UUIDGenerator.shared.make() }
    #expect(ids.allSatisfy(isRandomVersion4))
    #expect(Set(ids).count == ids.count)
  }

  @Test func aListsOwnStreamMakesVersion4IDsUnlikeAnotherLists() throws {
    let first = RosterList(title: "One", rule: .text)
    let second = RosterList(title: "Two", rule: .text)
    var ids: [UUID] = []
    for n in 0..<2_000 {
      ids.append(try first.append("a\(n)").id)
      ids.append(try second.append("b\(n)").id)
    }
    #expect(ids.allSatisfy(isRandomVersion4))
    #expect(Set(ids).count == ids.count)
  }

  @Test func streamsFromOneSeedRepeatAndFromTwoSeedsDiffer() {
    var a = UUIDGenerator.Stream(1, 2, 3, 4)
    var b = UUIDGenerator.Stream(1, 2, 3, 4)
    var c = UUIDGenerator.Stream(9, 2, 3, 4)
    let fromA = (0..<100).map { _ in a.make() }
    #expect(fromA == (0..<100).map { _ in b.make() })
    #expect(Set(fromA).isDisjoint(with: (0..<100).map { _ in c.make() }))
  }

  @Test func injectedIDsAreUsedInsteadOfTheStream() throws {
    let fixed = UUID(uuidString: "00000000-0000-0000-0000-0000000000AB")!
    let list = RosterList(title: "Fixed", rule: .text, makeID: { fixed })
    #expect(try list.append("a").id == fixed)
  }

  @Test func anIDIsItsTwoWordsMostSignificantByteFirstWithVersionAndVariant() {
    var stream = UUIDGenerator.Stream(11, 22, 33, 44)
    var words = UUIDGenerator.Stream(11, 22, 33, 44)
    for _ in 0..<100 {
      let high = words.next()
      let low = words.next()
      let bytes =
        (0..<8).map { UInt8(truncatingIfNeeded: high >> (56 - 8 * $0)) }
        + (0..<8).map { UInt8(truncatingIfNeeded: low >> (56 - 8 * $0)) }
      var expected = bytes
      expected[6] = bytes[6] & 0x0F | 0x40
      expected[8] = bytes[8] & 0x3F | 0x80
      let id = stream.make()
      #expect(withUnsafeBytes(of: id.uuid) { Array($0) } == expected)
    }
  }
}
