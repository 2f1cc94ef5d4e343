/// What a power-cut run found: how many crash points, and what each reboot showed.
struct PowerCutReport {
  /// What one reboot showed.
  enum Verdict: Equatable {
    /// The database holds exactly what was acknowledged before the cut.
    case acknowledged
    /// It holds that plus the whole of the action in flight (it reached the disk before the cut).
    case inFlightLanded
    /// It holds an earlier state: this many acknowledged actions are gone.
    case lost(Int)
    /// It holds no state the run ever acknowledged (part of an action, or garbage).
    case unmatched
    /// `PRAGMA integrity_check` did not say `ok`.
    case integrityFailed(String)
    /// It does not open, or a list does not load.
    case unreadable(String)
    /// The crash VFS could not write the image.
    case imageMissing
  }

  var runs = 0
  var actions = 0
  var refusals = 0
  var crashPoints = 0
  var byMode: [String: Int] = [:]
  var acknowledged = 0
  var inFlightLanded = 0
  /// Reboots that lost acknowledged actions, and the most actions one of them lost.
  var lostAcknowledgements = 0
  var mostActionsLost = 0
  var unmatched = 0
  var integrityFailures = 0
  var unreadable = 0
  var imagesMissing = 0
  /// Unsynced operations pending at the crash points, in all.
  var pendingAtCrashPoints: UInt64 = 0
  /// Actions that failed other than by a refusal: the run itself went wrong.
  var unexpectedErrors: [String] = []
  /// The first few reboots that broke a promise, with where to find them again.
  var examples: [String] = []

  /// Counts one reboot.
  mutating func add(_ verdict: Verdict, mode: String, at place: String) {
    crashPoints += 1
    byMode[mode, default: 0] += 1
    switch verdict {
    case .acknowledged: acknowledged += 1
    case .inFlightLanded: inFlightLanded += 1
    case .lost(let count):
      lostAcknowledgements += 1
      mostActionsLost = max(mostActionsLost, count)
    case .unmatched: unmatched += 1
    case .integrityFailed: integrityFailures += 1
    case .unreadable: unreadable += 1
    case .imageMissing: imagesMissing += 1
    }
    if verdict != .acknowledged, verdict != .inFlightLanded, examples.count < 10 {
      examples.append("\(place) (\(mode)): \(verdict)")
    }
  }

  /// Reboots that broke a promise SQLite makes whatever the sync level: a sound, readable file
  /// holding some state that was committed.
  var corruptions: Int { unmatched + integrityFailures + unreadable + imagesMissing }

  /// One paragraph for the test log and docs/reliability.md.
  var summary: String {
    let modes = byMode.keys.sorted().map { "\($0) \(byMode[$0] ?? 0)" }.joined(separator: ", ")
    return """
      \(crashPoints) crash points (\(modes)) in \(runs) runs of \(actions) actions \
      (\(refusals) refused); \(pendingAtCrashPoints) unsynced operations pending at them. \
      Reboots: \(acknowledged) exactly as acknowledged, \(inFlightLanded) with the action in \
      flight landed whole, \(lostAcknowledgements) lost acknowledged actions (at most \
      \(mostActionsLost) at once), \(unmatched) unmatched, \(integrityFailures) integrity \
      failures, \(unreadable) unreadable, \(imagesMissing) images missing; \
      \(unexpectedErrors.count) unexpected errors.
      """
  }
}
