import Foundation
import RosterBackend
import RosterKit
import RosterStore

/// Where one row of the app benchmark's table reads its list from, and what stands between the
/// window and its database meanwhile.
struct Source {
  let size: Int
  let name: String
  let environment: [String: String]
  var obstacle: AppBench.Obstacle = .none
  /// The slow-fsync shim, for ``AppBench/Obstacle/slowSync(milliseconds:)``.
  var shim: String?
  /// Makes a fresh database for each run, when the run changes or locks it.
  var fresh: (() -> String?)?

  /// Whether the table says if every action was stored.
  var checksStorage: Bool { fresh != nil }

  /// One run's environment, its database, and what to undo after it.
  struct Prepared {
    var environment: [String: String]
    var database: String?
    var release: () -> Void
  }

  /// Makes the run's database and puts its obstacle in place.
  func prepare() -> Prepared? {
    guard let fresh else { return Prepared(environment: environment, release: {}) }
    guard let database = fresh() else { return nil }
    var environment = environment
    environment["ROSTER_DB"] = database
    switch obstacle {
    case .none: return Prepared(environment: environment, database: database, release: {})
    case .slowSync(let milliseconds):
      environment["LD_PRELOAD"] = shim
      environment["ROSTER_SLOW_FSYNC_MS"] = String(milliseconds)
      return Prepared(environment: environment, database: database, release: {})
    case .locked(let seconds):
      guard let holder = LockHolder(path: database, seconds: seconds) else { return nil }
      return Prepared(environment: environment, database: database, release: { holder.wait() })
    }
  }
}

/// Another connection that holds a database's write lock for a while, as another process
/// would (`sqlite3 db 'BEGIN EXCLUSIVE; …'`).
final class LockHolder: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)

  /// Takes the lock on a thread of its own and returns once it holds it; lets go after
  /// `seconds`.
  init?(path: String, seconds: Double) {
    guard let store = try? SQLiteStore(path: path) else { return nil }
    nonisolated(unsafe) let holder = store
    let locked = DispatchSemaphore(value: 0)
    Thread.detachNewThread { [done] in
      try? holder.write { () throws(StoreError) in
        locked.signal()
        Thread.sleep(forTimeInterval: seconds)
      }
      done.signal()
    }
    locked.wait()
  }

  /// Waits until the lock is let go.
  func wait() { done.wait() }
}

extension AppBench {
  /// Compiles `scripts/slow-fsync.c` into `folder` with the system C compiler; `nil` when
  /// there is none (the slow-fsync rows are then left out).
  static func buildSlowSyncShim(in folder: URL) -> String? {
    let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../scripts/slow-fsync.c").standardized.path
    let library = folder.appendingPathComponent("slow-fsync.so").path
    for compiler in ["/usr/bin/cc", "/usr/bin/clang", "/usr/bin/gcc"]
    where FileManager.default.isExecutableFile(atPath: compiler) {
      let status = try? Spawn.status(
        compiler, ["-shared", "-fPIC", "-O2", "-o", library, source, "-ldl"],
        environment: ProcessInfo.processInfo.environment, output: "/dev/null")
      if status == 0 { return library }
    }
    return nil
  }

  /// Whether the database holds what the benchmark's actions leave: the `size` imported names,
  /// plus the add, less the delete, plus the insert (an app that quit before storing them, or
  /// stored them out of order, leaves another count or order).
  static func holdsEveryAction(_ database: String, size: Int, reading: Reading) -> Bool {
    guard let store = try? SQLiteStore(path: database), let first = try? store.lists().first,
      let list = try? store.loadList(first.id)
    else { return false }
    return list.count == size + 1 && list.entry(at: 0)?.text == "Ama Owusu"
      && list.entry(at: list.count - 1)?.text == "Zoë Saldaña"
  }
}
