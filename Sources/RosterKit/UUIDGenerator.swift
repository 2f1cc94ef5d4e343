public import Foundation

/// Makes random (version 4) UUIDs quickly.
///
/// `UUID()` asks the kernel for entropy every time, which costs microseconds on Linux — more
/// than the rest of an insert. This generator seeds xoshiro256** once from the system's
/// generator and derives ids from it: as unique as `UUID()` in practice, not secret (ids are
/// not passwords).
public final class UUIDGenerator: @unchecked Sendable {
  private var state: (UInt64, UInt64, UInt64, UInt64)
  private let lock = NSLock()

  /// Creates a generator seeded from the system's random number generator.
  public init() {
    var system = SystemRandomNumberGenerator()
    state = (system.next(), system.next(), system.next(), system.next() | 1)
  }

  private func next() -> UInt64 {
    let result = rotate(state.1 &* 5, 7) &* 9
    let t = state.1 << 17
    state.2 ^= state.0
    state.3 ^= state.1
    state.1 ^= state.2
    state.0 ^= state.3
    state.2 ^= t
    state.3 = rotate(state.3, 45)
    return result
  }

  private func rotate(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }

  /// A fresh version 4, variant 1 UUID.
  public func make() -> UUID {
    lock.lock()
    let high = next()
    let low = next()
    lock.unlock()
    func byte(_ word: UInt64, _ n: UInt64) -> UInt8 {
      UInt8(truncatingIfNeeded: word >> (56 - 8 * n))
    }
    return UUID(
      uuid: (
        byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3), byte(high, 4), byte(high, 5),
        byte(high, 6) & 0x0F | 0x40, byte(high, 7), byte(low, 0) & 0x3F | 0x80, byte(low, 1),
        byte(low, 2), byte(low, 3), byte(low, 4), byte(low, 5), byte(low, 6), byte(low, 7)
      ))
  }

  /// The generator new lists use unless given another.
  public static let shared = UUIDGenerator()
}
