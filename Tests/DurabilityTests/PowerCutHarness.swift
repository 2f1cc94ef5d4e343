import Foundation
import RosterBackend
import RosterKit

@testable import RosterStore

/// Cuts the power under a store thousands of times and reboots after each cut.
///
/// Each run opens a store through a ``CrashDisk`` and drives it with a seeded ``StoreWorkload``.
/// The disk takes a crash image at a sample of the writes, truncations, syncs and deletes (the
/// crash points); after each action the harness reboots every image taken during it: it opens
/// the image with a plain `SQLiteStore` (default VFS, no `-shm`), runs `integrity_check`, loads
/// every list, and compares the whole database with the states the run acknowledged. An image
/// taken during action k must hold exactly the state after action k − 1 (everything
/// acknowledged) or after action k (the action in flight landed whole); an earlier state is a
/// lost acknowledgement, anything else a corruption.
///
/// Runs vary how the store lives: one connection for the whole run (the app), a new one every
/// few actions, or one per action (the command line, which checkpoints and deletes the WAL as
/// each process closes the database). Checkpoints come every 64 WAL pages so that short runs
/// also checkpoint and restart the WAL.
struct PowerCutHarness {
  /// The sync level under test.
  var synchronous: SQLiteStore.Configuration.Synchronous
  /// Stop once this many crash points have been rebooted.
  var crashPoints: Int
  /// Seeds run `seed`, `seed + 1`, …
  var seed: UInt64
  var actionsPerRun = 100
  /// Each write, truncation, sync or delete is a crash point with probability 1 / `oneIn`.
  var oneIn: UInt32 = 3

  private static let fixedTime = Date(timeIntervalSinceReferenceDate: 820_000_000)

  func run() throws -> PowerCutReport {
    var report = PowerCutReport()
    var runSeed = seed
    while report.crashPoints < crashPoints {
      try run(seed: runSeed, into: &report)
      runSeed &+= 1
    }
    return report
  }

  /// One run: a fresh database, one workload, images rebooted after every action.
  private func run(seed: UInt64, into report: inout PowerCutReport) throws {
    // Runs take turns: one connection throughout (the app), a new one every 8 actions, a new
    // one for every action (the command line).
    let reopenOneIn = [0, 8, 1][report.runs % 3]
    report.runs += 1
    let temporary = ScratchFolder()
    let images = temporary.folder.appendingPathComponent("images")
    try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
    let disk = try CrashDisk(seed: seed)
    let ids = CountingIDs(seed: seed)
    let configuration = SQLiteStore.Configuration(vfs: disk.name, synchronous: synchronous)
    func open() throws(StoreError) -> SQLiteStore {
      let store = try SQLiteStore(
        path: temporary.path, configuration: configuration, now: { Self.fixedTime },
        makeID: { ids.next() })
      try store.database.execute("PRAGMA wal_autocheckpoint = 64")
      return store
    }
    var rebooter = Rebooter(images: images, disk: disk, seed: seed)
    disk.takeImages(into: images, oneIn: oneIn, modes: CrashDisk.Mode.allCases)

    var store: SQLiteStore? = try open()
    defer {
      // Every connection through the crash VFS closes before the VFS goes.
      store = nil
      withExtendedLifetime(disk) { disk.stopTakingImages() }
    }
    rebooter.acknowledge(try DatabaseState(of: store!), action: "create the database")
    rebooter.reboot(before: 0, after: 0, into: &report)
    var workload = StoreWorkload(seed: seed)
    for index in 1...actionsPerRun where report.crashPoints < crashPoints {
      do {
        // `live` ends with this block, so a reopen below closes the connection first.
        let live = store!
        let action = perform(&workload, on: live, index: index, seed: seed, into: &report)
        rebooter.acknowledge(try DatabaseState(of: live), action: action)
        rebooter.reboot(before: index - 1, after: index, into: &report)
      }
      if reopenOneIn > 0, index % reopenOneIn == 0 {
        store = nil
        store = try open()
        // Closing and opening change nothing: only the acknowledged state may come back.
        rebooter.reboot(before: index, after: index, into: &report)
      }
    }
  }

  /// Runs the workload's next action and says what it was; a refusal is acknowledged like a
  /// success, any other failure is reported.
  private func perform(
    _ workload: inout StoreWorkload, on store: SQLiteStore, index: Int, seed: UInt64,
    into report: inout PowerCutReport
  ) -> String {
    report.actions += 1
    do {
      return try workload.step(on: store)
    } catch let error as StoreError {
      switch error {
      case .database, .busy, .constraint, .reloadRequired, .newerSchema:
        report.unexpectedErrors.append("seed \(seed), action \(index): \(error)")
      default: report.refusals += 1
      }
    } catch {
      report.refusals += 1
    }
    return "refused action \(index)"
  }
}
