extension SQLiteStore {
  /// How a store opens its file, beyond the path: only tests choose anything but ``default``.
  ///
  /// Internal on purpose: every front end gets the durable default through
  /// ``SQLiteStore/init(path:now:makeID:)``, and a replica (`SQLiteReplica`) ``replica``; the power-cut tests (`Tests/DurabilityTests`) open
  /// stores through a crash-simulating VFS, and with `synchronous = NORMAL` to show what it
  /// would lose, with `@testable import RosterStore`.
  struct Configuration: Sendable {
    /// SQLite's `PRAGMA synchronous` levels that make sense in WAL mode.
    enum Synchronous: String, Sendable {
      /// The WAL is synced only at checkpoints: a committed transaction may roll back after a
      /// power cut.
      case normal = "NORMAL"
      /// The WAL is synced at every commit, before the commit returns: an acknowledged action
      /// survives a power cut.
      case full = "FULL"
    }

    /// The name of a registered SQLite VFS, or `nil` for the default (unix) one.
    var vfs: String?
    /// When SQLite syncs the write-ahead log.
    var synchronous: Synchronous

    /// What every front end uses: the default VFS, `synchronous = FULL`.
    static let `default` = Configuration(vfs: nil, synchronous: .full)
    /// A replica's connection: its rows are the server's, fetched again when lost, so a power
    /// cut may roll its last sync steps back (whole: a cursor never passes its rows) rather
    /// than make every step wait for a sync of the disk.
    static let replica = Configuration(vfs: nil, synchronous: .normal)
  }
}
