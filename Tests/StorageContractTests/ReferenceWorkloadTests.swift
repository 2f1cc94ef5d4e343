import Foundation
import RosterBackend
import RosterKit
import RosterTestSupport
import Testing

/// Every engine against the reference, `MemoryStorage`, step by step: the same seeded random
/// workload (``Action``: adds, typing that joins one undo step, removals, moves, categories,
/// renames, a kept order, a window's undo and redo, `roster undo` and `roster redo` from
/// another connection, a window that reads the others' changes late) runs on both, and after
/// every step the stored list, each window, a follower of the change log, the store's refusals
/// and what undo and redo returned must be the reference's.
@Suite struct ReferenceWorkloadTests {
  /// The workloads, each of ``steps`` actions.
  static let seeds: [UInt64] = [1, 2, 3, 4]
  static let steps = 80

  @Test(arguments: [Backend.sqlite, Backend.postgres])
  func everyStepIsTheReferences(backend: Backend) throws {
    let database = try backend.makeDatabase()
    for seed in Self.seeds {
      let engine = try Workload(database: database, seed: seed)
      if let mismatch = try Self.firstMismatch(of: engine, seed: seed) {
        Issue.record("\(backend.name), seed \(seed): \(mismatch)")
      }
    }
  }

  /// The comparison can fail: a store that keeps a window's typing as steps of their own (one
  /// per keystroke, as before RosterKit decided where a step ends) is told apart.
  @Test func aStoreThatSplitsTypingIsCaught() throws {
    var caught = 0
    for seed in Self.seeds {
      let broken = try Workload(database: MemoryDatabase(), seed: seed, splittingTyping: true)
      if try Self.firstMismatch(of: broken, seed: seed) != nil { caught += 1 }
    }
    #expect(caught == Self.seeds.count)
  }

  /// Runs workload `seed` on `engine` and on the reference side by side.
  /// - Returns: The first step after which they differ, or either disagrees with itself, told
  ///   in words; `nil` when none does.
  static func firstMismatch(of engine: Workload, seed: UInt64) throws -> String? {
    let reference = try Workload(database: MemoryDatabase(), seed: seed)
    var random = SeededGenerator(seed: seed)
    for step in 1...steps {
      let action = Action.random(for: reference, using: &random)
      let expected = try reference.observe(try reference.perform(action))
      let got = try engine.observe(try engine.perform(action))
      let problems =
        expected.inconsistencies.map { "reference: \($0)" } + got.inconsistencies
        + got.differences(from: expected)
      if !problems.isEmpty {
        return "after step \(step), \(action): " + problems.joined(separator: "; ")
      }
    }
    return nil
  }
}
