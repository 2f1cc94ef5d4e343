import Foundation
import RosterBackend
import RosterKit
import RosterTestSupport
import Testing

@testable import RosterStore

/// What durability costs per commit on this machine's disk: one-entry adds through the default
/// VFS, alternating between a FULL and a NORMAL store so both see the same load.
/// `ROSTER_COMMIT_SAMPLES` sets the number of adds per level (docs/reliability.md quotes a
/// long run).
@Suite struct CommitCostTests {
  static let samples =
    ProcessInfo.processInfo.environment["ROSTER_COMMIT_SAMPLES"].flatMap { Int($0) } ?? 40

  @Test func fullAndNormalCommitsAreTimed() throws {
    let levels: [SQLiteStore.Configuration.Synchronous] = [.full, .normal]
    let folders = levels.map { _ in TemporaryDatabase(prefix: "roster-commit-cost") }
    let stores = try zip(levels, folders).map { level, folder in
      try SQLiteStore(path: folder.path, configuration: .init(vfs: nil, synchronous: level))
    }
    let lists = try stores.map { try $0.createList(title: "Timed", rule: .text).id }
    var times: [[Duration]] = levels.map { _ in [] }
    let clock = ContinuousClock()
    for sample in 0..<Self.samples {
      for index in stores.indices {
        let start = clock.now
        try stores[index].add(["Guest \(sample)"], to: lists[index])
        times[index].append(clock.now - start)
      }
    }
    for index in stores.indices {
      let sorted = times[index].sorted()
      let median = sorted[sorted.count / 2]
      let slow = sorted[sorted.count * 9 / 10]
      print(
        "commit cost, synchronous = \(levels[index].rawValue): median \(Self.micro(median)) µs,"
          + " p90 \(Self.micro(slow)) µs over \(sorted.count) adds in \(folders[index].folder.path)"
      )
      // The level asked for is the level the connection runs at, and every add is stored.
      #expect(try stores[index].database.integer("PRAGMA synchronous") == (index == 0 ? 2 : 1))
      #expect(try stores[index].loadList(lists[index]).count == Self.samples)
    }
  }

  private static func micro(_ duration: Duration) -> Int {
    Int(
      duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000)
  }
}
