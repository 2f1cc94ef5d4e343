import Foundation
import RosterBackend

@testable import RosterStore

/// Reboots the crash images of one run and judges each against the acknowledged states.
struct Rebooter {
  let images: URL
  let disk: CrashDisk
  let seed: UInt64
  /// The state after each acknowledged action; 0 is the new, empty database.
  private var states: [DatabaseState] = []
  private var actions: [String] = []
  /// For each state, the last action that left the database in it.
  private var lastIndex: [DatabaseState: Int] = [:]
  /// The first image not yet rebooted.
  private var next: UInt64 = 0
  /// Unsynced operations at the images already counted in the report.
  private var pendingCounted: UInt64 = 0

  init(images: URL, disk: CrashDisk, seed: UInt64) {
    self.images = images
    self.disk = disk
    self.seed = seed
  }

  mutating func acknowledge(_ state: DatabaseState, action: String) {
    lastIndex[state] = states.count
    states.append(state)
    actions.append(action)
  }

  /// Reboots every image taken since the last call, during the step from state `before` to
  /// state `after`.
  mutating func reboot(before: Int, after: Int, into report: inout PowerCutReport) {
    let counts = disk.counts
    let end = counts.images
    report.pendingAtCrashPoints += counts.pendingAtImages - pendingCounted
    pendingCounted = counts.pendingAtImages
    while next < end {
      let folder = images.appendingPathComponent(String(next))
      let mode = disk.mode(ofImage: next)
      let verdict = mode == nil ? .imageMissing : judge(folder, before: before, after: after)
      report.add(
        verdict, mode: mode?.description ?? "missing",
        at: "seed \(seed), during “\(actions[after])” (\(after)), image \(next)")
      try? FileManager.default.removeItem(at: folder)
      next += 1
    }
  }

  /// Opens the image as the next process after the power cut would, and says what it holds.
  private func judge(_ folder: URL, before: Int, after: Int) -> PowerCutReport.Verdict {
    let state: DatabaseState
    do {
      let store = try SQLiteStore(path: folder.appendingPathComponent("roster.sqlite3").path)
      let check = try store.integrityCheck()
      guard check == "ok" else { return .integrityFailed(check) }
      for list in try store.lists() { _ = try store.loadList(list.id) }
      state = try DatabaseState(of: store)
    } catch {
      return .unreadable("\(error)")
    }
    if state == states[before] { return .acknowledged }
    if state == states[after] { return .inFlightLanded }
    guard let earlier = lastIndex[state], earlier < before else { return .unmatched }
    let lost = (earlier + 1...before).count { states[$0] != states[$0 - 1] }
    return .lost(lost)
  }
}
