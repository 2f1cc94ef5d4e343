import CCrashVFS
import Foundation

/// A simulated disk under SQLite: a crash VFS registered for the life of the value
/// (`Tests/CCrashVFS`), the only Swift that touches its C interface.
///
/// ```swift
/// let disk = try CrashDisk(seed: 7)
/// let store = try SQLiteStore(path: path, configuration: .init(vfs: disk.name, synchronous: .full))
/// disk.takeImages(into: folder, oneIn: 2, modes: CrashDisk.Mode.allCases)
/// ```
///
/// Used from one thread at a time; every store opened through it must be closed before it goes.
final class CrashDisk {
  /// What a power cut lets reach the disk of the operations issued since each file's last sync.
  enum Mode: CaseIterable, CustomStringConvertible {
    /// Every unsynced write and truncation is lost.
    case drop
    /// Each unsynced operation lands whole or not, in the order issued.
    case subset
    /// As `subset`, and a landing write may be torn (only a prefix of it written).
    case torn
    /// A random subset lands in a random order.
    case reorder

    fileprivate var mask: UInt32 {
      switch self {
      case .drop: ROSTER_CRASH_DROP.rawValue
      case .subset: ROSTER_CRASH_SUBSET.rawValue
      case .torn: ROSTER_CRASH_TORN.rawValue
      case .reorder: ROSTER_CRASH_REORDER.rawValue
      }
    }

    var description: String {
      switch self {
      case .drop: "drop"
      case .subset: "subset"
      case .torn: "torn"
      case .reorder: "reorder"
      }
    }
  }

  /// Operations seen on the modelled files (database, journal, WAL) and images written.
  struct Counts: Equatable {
    var writes: UInt64
    var truncates: UInt64
    var syncs: UInt64
    var walSyncs: UInt64
    var deletes: UInt64
    var images: UInt64
    var pendingAtImages: UInt64
  }

  /// The VFS name to open stores with.
  let name: String
  private let vfs: OpaquePointer

  /// Registers a crash VFS under a fresh name, its random choices drawn from `seed`.
  init(seed: UInt64) throws {
    name = "roster-crash-\(UUID().uuidString)"
    guard let vfs = roster_crash_vfs_create(name, seed) else {
      throw CocoaError(.featureUnsupported)
    }
    self.vfs = vfs
  }

  deinit { roster_crash_vfs_destroy(vfs) }

  /// From now on, each write, truncation, sync or delete is a crash point with probability
  /// 1 / `oneIn`: its crash image goes to `folder/<n>`, n = ``Counts/images`` at the time.
  func takeImages(into folder: URL, oneIn: UInt32, modes: [Mode]) {
    let mask = modes.reduce(0) { $0 | $1.mask }
    _ = folder.path.withCString { roster_crash_vfs_take_images(vfs, $0, oneIn, mask) }
  }

  /// Takes no more images.
  func stopTakingImages() {
    _ = roster_crash_vfs_take_images(vfs, nil, 0, 0)
  }

  /// The mode image `index` was taken in, or `nil` when it could not be written.
  func mode(ofImage index: UInt64) -> Mode? {
    let raw = UInt32(roster_crash_vfs_image_mode(vfs, index))
    return Mode.allCases.first { $0.mask == raw }
  }

  /// The counts so far.
  var counts: Counts {
    let raw = roster_crash_vfs_counts(vfs)
    return Counts(
      writes: raw.writes, truncates: raw.truncates, syncs: raw.syncs, walSyncs: raw.wal_syncs,
      deletes: raw.deletes, images: raw.images, pendingAtImages: raw.pending_at_images)
  }
}
