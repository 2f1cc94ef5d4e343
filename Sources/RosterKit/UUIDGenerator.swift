public import Foundation

/// Makes random (version 4) UUIDs quickly.
///
/// `UUID()` asks the kernel for entropy every time, which costs microseconds on Linux — more
/// than the rest of an insert. This generator seeds xoshiro256** once from the system's
/// generator and derives ids from it: as unique as `UUID()` in practice, not secret (ids are
/// not passwords).
public final class UUIDGenerator: @unchecked Sendable {
  private var stream: Stream
  private let lock = NSLock()

  /// Creates a generator seeded from the system's random number generator.
  public init() {
    var system = SystemRandomNumberGenerator()
    stream = Stream(system.next(), system.next(), system.next(), system.next())
  }

  /// A fresh version 4, variant 1 UUID.
  public func make() -> UUID {
    lock.lock()
    defer { lock.unlock() }
    return stream.make()
  }

  /// A stream of its own, seeded from this generator, for one owner to draw from without the
  /// lock (a ``RosterList``'s new entries).
  func makeStream() -> Stream {
    lock.lock()
    defer { lock.unlock() }
    return Stream(stream.next(), stream.next(), stream.next(), stream.next())
  }

  /// The generator new lists use unless given another.
  public static let shared = UUIDGenerator()

  /// xoshiro256** and the UUIDs made from its words, without a lock: a value for one owner.
  struct Stream {
    private var state: (UInt64, UInt64, UInt64, UInt64)

    /// A stream from four seed words; the last is made odd, so the state is never all zero.
    init(_ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: UInt64) {
      state = (a, b, c, d | 1)
    }

    mutating func next() -> UInt64 {
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

    /// A fresh version 4, variant 1 UUID: the bytes of two words, most significant first, with
    /// the version in the high nibble of byte 6 and the variant in the top bits of byte 8.
    mutating func make() -> UUID {
      let high = next() & ~0xF000 | 0x4000
      let low = next() & ~(0xC0 << 56) | (0x80 << 56)
      return UUID(uuid: unsafeBitCast((high.bigEndian, low.bigEndian), to: uuid_t.self))
    }
  }
}
