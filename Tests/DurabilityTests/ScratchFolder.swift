import Foundation

/// A fresh folder for one power-cut run, removed with the value: in memory (`/dev/shm`) where
/// there is one, since the reboots sync for real and the disk's speed is not under test.
final class ScratchFolder {
  let folder: URL
  /// The live database file.
  var path: String { folder.appendingPathComponent("roster.sqlite3").path }

  init() {
    let manager = FileManager.default
    var base = manager.temporaryDirectory
    if manager.isWritableFile(atPath: "/dev/shm") { base = URL(fileURLWithPath: "/dev/shm") }
    folder = base.appendingPathComponent("roster-power-cut-\(UUID().uuidString)")
    try? manager.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: folder) }
}
