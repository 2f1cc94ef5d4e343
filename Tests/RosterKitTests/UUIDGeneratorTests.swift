import Foundation
import Testing

@testable import RosterKit

@Suite struct UUIDGeneratorTests {
  /// The bytes of an id, most significant first, as a store's index orders them.
  private func bytes(_ id: UUID) -> [UInt8] {
    withUnsafeBytes(of: id.uuid) { Array($0) }
  }

  @Test func idsAreVersion7AndDistinct() {
    let generator = UUIDGenerator()
    var seen = Set<UUID>()
    for _ in 0..<10_000 {
      let id = generator.make()
      #expect(id.uuid.6 >> 4 == 7)
      #expect(id.uuid.8 >> 6 == 2)
      seen.insert(id)
    }
    #expect(seen.count == 10_000)
  }

  /// Many ids in one millisecond, and a clock that steps back, still come out in order.
  @Test func idsIncreaseWhateverTheClock() {
    let times: [UInt64] = Array(repeating: 1_000, count: 5_000) + [999, 998] + [2_000, 2_000]
    let clock = Clock(times)
    let generator = UUIDGenerator(milliseconds: { clock.next() })
    var previous: [UInt8] = []
    for _ in times {
      let id = bytes(generator.make())
      #expect(previous.lexicographicallyPrecedes(id))
      previous = id
    }
  }

  @Test func timeIsTheFirst48Bits() {
    let generator = UUIDGenerator(milliseconds: { 0x0123_4567_89AB })
    #expect(bytes(generator.make()).prefix(6) == [0x01, 0x23, 0x45, 0x67, 0x89, 0xAB])
  }

  /// Replays fixed times, then repeats the last.
  private final class Clock: @unchecked Sendable {
    private var times: [UInt64]
    private let lock = NSLock()
    init(_ times: [UInt64]) { self.times = times }
    func next() -> UInt64 {
      lock.withLock { times.count > 1 ? times.removeFirst() : times[0] }
    }
  }
}
