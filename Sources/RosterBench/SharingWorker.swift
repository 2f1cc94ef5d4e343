import Foundation
import RosterBackend
import RosterEngines
import RosterKit

/// The sharing benchmark's other processes: `roster-bench` started again with one of two roles,
/// so that every writer and the follower is a separate process with its own connection, as
/// colleagues on their own machines are.
///
/// - `--sharing-follow DB LIST EDITS`: opens the list, prints `ready`, then follows it with
///   `waitForExternalChanges(timeout:)` and `changes(in:since:)` and prints `COUNT NANOSECONDS`
///   (the monotonic clock, which every process on the machine shares) each time the list grows,
///   until it holds `EDITS` entries.
/// - `--sharing-write DB LIST START END`: waits for the monotonic time `START`, adds entries one
///   action at a time until `END`, and prints how many it added.
enum SharingWorker {
  /// The roles, by their flag.
  static let follow = "--sharing-follow"
  static let write = "--sharing-write"

  /// Runs the role `arguments` name and exits, or returns when they name none.
  static func runIfAsked(_ arguments: [String]) {
    guard let flag = arguments.firstIndex(where: { $0 == follow || $0 == write }) else { return }
    let values = Array(arguments[(flag + 1)...])
    do {
      guard values.count == (arguments[flag] == follow ? 3 : 4),
        let list = UUID(uuidString: values[1])
      else { throw Failure(description: "usage: \(arguments[flag]) DB LIST …") }
      let environment = ProcessInfo.processInfo.environment
      let store = try StorageOpener.open(
        DatabaseLocation(option: values[0], environment: environment), environment: environment)
      if arguments[flag] == follow {
        try follow(list, in: store, until: Int(values[2]) ?? 0)
      } else {
        let added = try write(
          to: list, in: store, from: UInt64(values[2]) ?? 0, until: UInt64(values[3]) ?? 0)
        say("\(added)")
      }
      exit(0)
    } catch {
      FileHandle.standardError.write(Data("roster-bench: \(error)\n".utf8))
      exit(1)
    }
  }

  struct Failure: Error, CustomStringConvertible { let description: String }

  /// Writes one line to standard output at once, unbuffered, for the parent to read.
  private static func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }

  private static func follow(_ id: UUID, in store: any RosterStorage, until edits: Int) throws {
    let (list, start) = try store.snapshot(of: id)
    var position = start
    say("ready")
    var reported = list.count
    while list.count < edits {
      guard try store.waitForExternalChanges(timeout: .seconds(5)) else { continue }
      let (changes, next) = try store.changes(in: id, since: position)
      position = next
      list.apply(changes)
      if list.count > reported {
        reported = list.count
        say("\(reported) \(Stopwatch.now())")
      }
    }
  }

  private static func write(
    to id: UUID, in store: any CommandStorage, from start: UInt64, until end: UInt64
  ) throws -> Int {
    while Stopwatch.now() < start { usleep(1_000) }
    var done = 0
    while Stopwatch.now() < end {
      try store.add(["p\(getpid()) \(done)"], category: nil, to: id)
      done += 1
    }
    return done
  }
}
