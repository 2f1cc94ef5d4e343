public import Foundation

/// Makes time-ordered (version 7, RFC 9562) UUIDs quickly.
///
/// An id is 48 bits of Unix time in milliseconds, a 12-bit counter and 62 random bits. Ids from
/// one generator strictly increase, so a store's unique id index takes each new id at its right
/// edge (one page, already cached) instead of at a random page: a bulk import of a million rows
/// writes its index sequentially. Ids made before (random version 4) stay valid: an id is only
/// ever compared for equality and order, never read for its version or time.
///
/// `UUID()` asks the kernel for entropy every time, which costs microseconds on Linux — more
/// than the rest of an insert. This generator seeds xoshiro256** once from the system's
/// generator and derives the random bits from it: as unique as `UUID()` in practice, not secret
/// (ids are not passwords, and they show when an entry was made, as its `created` does).
public final class UUIDGenerator: @unchecked Sendable {
  private var state: (UInt64, UInt64, UInt64, UInt64)
  private let lock = NSLock()
  private let clock: @Sendable () -> UInt64
  /// The millisecond of the last id, and its counter: the next id of the same millisecond (or
  /// of an earlier one, when the clock steps back) takes the counter plus one.
  private var lastMillisecond: UInt64 = 0
  private var counter: UInt64 = 0

  /// Creates a generator seeded from the system's random number generator.
  /// - Parameter milliseconds: Unix time in milliseconds; the system clock by default.
  public init(milliseconds: (@Sendable () -> UInt64)? = nil) {
    var system = SystemRandomNumberGenerator()
    state = (system.next(), system.next(), system.next(), system.next() | 1)
    clock = milliseconds ?? { UInt64(max(0, Date().timeIntervalSince1970 * 1_000)) }
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

  /// The millisecond and counter of the next id: a new millisecond starts its counter at a
  /// random value in the lower half, leaving at least 2,048 ids of room; a full counter borrows
  /// the next millisecond, so order holds however many ids a millisecond asks for.
  private func advance(to now: UInt64, random: UInt64) -> (millisecond: UInt64, counter: UInt64) {
    if now > lastMillisecond {
      lastMillisecond = now
      counter = random & 0x7FF
    } else if counter < 0xFFF {
      counter += 1
    } else {
      lastMillisecond += 1
      counter = random & 0x7FF
    }
    return (lastMillisecond & 0xFFFF_FFFF_FFFF, counter)
  }

  /// A fresh version 7, variant 1 UUID, greater than every id this generator made before.
  /// - Complexity: O(1).
  public func make() -> UUID {
    let now = clock()
    lock.lock()
    let (millisecond, sequence) = advance(to: now, random: next())
    let low = next()
    lock.unlock()
    func byte(_ word: UInt64, _ n: UInt64) -> UInt8 {
      UInt8(truncatingIfNeeded: word >> (56 - 8 * n))
    }
    let time = millisecond << 16
    return UUID(
      uuid: (
        byte(time, 0), byte(time, 1), byte(time, 2), byte(time, 3), byte(time, 4), byte(time, 5),
        UInt8(truncatingIfNeeded: sequence >> 8) | 0x70, UInt8(truncatingIfNeeded: sequence),
        byte(low, 0) & 0x3F | 0x80, byte(low, 1), byte(low, 2), byte(low, 3), byte(low, 4),
        byte(low, 5), byte(low, 6), byte(low, 7)
      ))
  }

  /// The generator new lists use unless given another.
  public static let shared = UUIDGenerator()
}
