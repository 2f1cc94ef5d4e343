import Foundation
import RosterAppCore
import RosterGtk
import RosterKit

/// `ROSTER_BENCH=follow`: check-ins made elsewhere (another door, `roster checkin`) arriving in
/// this window through its own live-update path. Once the whole list shows, prints
/// `ready CHECKED-IN`; then, after each painted frame that follows a change of attendance that
/// raised the count, prints `CHECKED-IN NANOSECONDS` (CLOCK_MONOTONIC, which every process on
/// the machine shares), and quits once `checkIns` entries are checked in.
@MainActor
final class FollowBenchmark {
  private let window: MainWindow
  private let checkIns: Int
  private let quit: @MainActor () -> Void
  /// The count last printed.
  private var reported = 0

  init(_ window: MainWindow, checkIns: Int, quit: @escaping @MainActor () -> Void) {
    self.window = window
    self.checkIns = checkIns
    self.quit = quit
  }

  func run() {
    reported = window.attendance?.counts.checkedIn ?? -1
    say("ready \(reported)")
    window.onAttendanceChanged = { [self] in
      FrameClock.afterNextFrame(of: window.window) { [self] in
        let count = window.attendance?.counts.checkedIn ?? 0
        guard count > reported else { return }
        reported = count
        say("\(count) \(FrameClock.now)")
        if count >= checkIns {
          window.onAttendanceChanged = {}
          quit()
        }
      }
    }
  }

  /// One line on standard output at once, unbuffered, for the benchmark to read.
  private func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }
}
