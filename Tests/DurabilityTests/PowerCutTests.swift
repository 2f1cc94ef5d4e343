import Foundation
import Testing

@testable import RosterStore

/// Power cuts under the store, simulated by the crash VFS (`Tests/CCrashVFS`): an acknowledged
/// action survives every one of them, and the same harness catches the losses of
/// `synchronous = NORMAL`. `ROSTER_CRASH_POINTS` and `ROSTER_CRASH_SEED` set the length and
/// the seed (`make soak` runs it long).
@Suite struct PowerCutTests {
  static let environment = ProcessInfo.processInfo.environment
  static let crashPoints = environment["ROSTER_CRASH_POINTS"].flatMap { Int($0) } ?? 2_000
  static let seed = environment["ROSTER_CRASH_SEED"].flatMap { UInt64($0) } ?? 20_261_201

  @Test func fullLosesNoAcknowledgedAction() throws {
    let report = try PowerCutHarness(
      synchronous: .full, crashPoints: Self.crashPoints, seed: Self.seed
    ).run()
    print("power cuts, synchronous = FULL: \(report.summary)")
    #expect(report.crashPoints >= Self.crashPoints)
    #expect(report.lostAcknowledgements == 0, "\(report.examples)")
    #expect(report.corruptions == 0, "\(report.examples)")
    #expect(report.unexpectedErrors.isEmpty, "\(report.unexpectedErrors)")
    // Both outcomes of an action in flight happened, in every crash mode.
    #expect(report.acknowledged > 0 && report.inFlightLanded > 0)
    #expect(report.byMode.count == CrashDisk.Mode.allCases.count)
  }

  /// The harness has teeth: with the sync level the store used to have, the same crash model
  /// takes back acknowledged actions (and still leaves a sound file, as SQLite promises).
  @Test func normalLosesAcknowledgedActions() throws {
    let report = try PowerCutHarness(
      synchronous: .normal, crashPoints: max(Self.crashPoints / 5, 250), seed: Self.seed
    ).run()
    print("power cuts, synchronous = NORMAL: \(report.summary)")
    #expect(report.lostAcknowledgements > 0)
    #expect(report.corruptions == 0, "\(report.examples)")
    #expect(report.unexpectedErrors.isEmpty, "\(report.unexpectedErrors)")
  }
}
