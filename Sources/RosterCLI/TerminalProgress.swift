import Foundation
import RosterLocalization
import RosterTransfer

/// Progress of a long import or export on standard error, as one line redrawn in place —
/// only when standard error is a terminal; a pipe or a log file gets nothing.
///
/// ```swift
/// let meter = TerminalProgress(label: "Importing names.csv", sink: err)
/// _ = meter?.update(TransferProgress(done: 4096, fraction: 0.25))   // Importing names.csv: 25% (4,096 rows)
/// meter?.finish()
/// ```
final class TerminalProgress {
  private let label: String
  private let unit: String
  private let sink: TextSink
  private var shownAt = Date.distantPast
  private var shown = false

  /// A meter for `label`, or `nil` when standard error is not a terminal.
  init?(label: String, unit: String = localized("rows"), sink: TextSink) {
    guard isatty(STDERR_FILENO) == 1 else { return nil }
    self.label = label
    self.unit = unit
    self.sink = sink
  }

  /// Redraws the line, at most ten times a second; always goes on.
  func update(_ progress: TransferProgress) -> Bool {
    let now = Date()
    guard now.timeIntervalSince(shownAt) >= 0.1 else { return true }
    shownAt = now
    shown = true
    let percent = progress.fraction.map { "\(Int(($0 * 100).rounded(.down)))% " } ?? ""
    sink.write("\r\(label): \(percent)(\(GroupedNumber.text(progress.done)) \(unit))\u{1B}[K")
    sink.flush()
    return true
  }

  /// Clears the line, so that the result is printed on a clean one.
  func finish() {
    guard shown else { return }
    sink.write("\r\u{1B}[K")
    sink.flush()
  }
}
