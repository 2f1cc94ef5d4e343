import Foundation
import RosterTestSupport

/// Ids numbered from a seed, for a store's `makeID`: a run writes the same bytes every time.
final class CountingIDs: @unchecked Sendable {
  private let lock = NSLock()
  private var generator: SeededGenerator

  init(seed: UInt64) { generator = SeededGenerator(seed: seed ^ 0x1D5) }

  /// The next id (version 4 layout, random bits from the seed).
  func next() -> UUID {
    lock.lock()
    defer { lock.unlock() }
    let high = generator.next()
    let low = generator.next()
    var bytes = [UInt8](repeating: 0, count: 16)
    for index in 0..<8 {
      bytes[index] = UInt8(truncatingIfNeeded: high >> (8 * index))
      bytes[index + 8] = UInt8(truncatingIfNeeded: low >> (8 * index))
    }
    bytes[6] = bytes[6] & 0x0F | 0x40
    bytes[8] = bytes[8] & 0x3F | 0x80
    return UUID(
      uuid: (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
        bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
      ))
  }
}
