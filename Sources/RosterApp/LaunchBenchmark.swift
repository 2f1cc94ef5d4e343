import CGtk
import Foundation
import RosterAppCore
import RosterKit

/// `ROSTER_BENCH=1`: after the first painted frame — and, for a long list shown as a preview
/// first, after the frame that shows the whole list, editable — time a delete and an insert at
/// the top of the list to their painted frames, print one JSON line, and quit.
///
/// Times are CLOCK_MONOTONIC nanoseconds, so `roster-bench --app` can subtract its own reading
/// taken when it started the process.
@MainActor
struct LaunchBenchmark {
  let started: Int64
  let loaded: Int64
  let windowCreated: Int64

  static var isEnabled: Bool { ProcessInfo.processInfo.environment["ROSTER_BENCH"] == "1" }

  func run(window: MainWindow, quit: @escaping @MainActor () -> Void) {
    FrameClock.afterFirstFrame(of: window.window) {
      let firstFrame = FrameClock.now
      guard window.library.isLoading else {
        // Whole from the start, or swapped in before the first frame.
        let whole = (firstFrame, window.wholeLoadedAt ?? loaded)
        edit(window, firstFrame: firstFrame, whole: whole, previewed: false, quit)
        return
      }
      window.onLoaded = {
        FrameClock.afterNextFrame(of: window.window) {
          let whole = (FrameClock.now, window.wholeLoadedAt ?? loaded)
          edit(window, firstFrame: firstFrame, whole: whole, previewed: true, quit)
        }
      }
    }
  }

  /// Times a delete and an insert on the whole list, then prints the readings.
  /// - Parameters:
  ///   - window: The window.
  ///   - firstFrame: When the first frame was painted.
  ///   - whole: The first frame showing the whole list, and when it was handed over.
  ///   - previewed: Whether a preview came first.
  ///   - quit: Ends the app.
  private func edit(
    _ window: MainWindow, firstFrame: Int64, whole: (frame: Int64, loaded: Int64),
    previewed: Bool, _ quit: @escaping @MainActor () -> Void
  ) {
    let list = window.library.current
    MainLoop.after(milliseconds: 200) {
      let deleteStart = FrameClock.now
      let removed = list.entry(at: 0).map { try? list.remove(id: $0.id) }
      FrameClock.afterNextFrame(of: window.window) {
        let deleteFrame = FrameClock.now
        MainLoop.after(milliseconds: 100) {
          let insertStart = FrameClock.now
          _ = try? list.insert("Ama Owusu", at: 0)
          FrameClock.afterNextFrame(of: window.window) {
            let insertFrame = FrameClock.now
            let fields: [(String, Int64)] = [
              ("count", Int64(list.count)), ("started_ns", started),
              ("loaded_ns", loaded), ("window_ns", windowCreated),
              ("first_frame_ns", firstFrame), ("whole_loaded_ns", whole.loaded),
              ("whole_frame_ns", whole.frame), ("previewed", previewed ? 1 : 0),
              ("delete_ns", deleteFrame - deleteStart), ("insert_ns", insertFrame - insertStart),
              ("removed", removed == nil ? 0 : 1),
            ]
            let json = fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",")
            FileHandle.standardOutput.write(Data("{\(json)}\n".utf8))
            quit()
          }
        }
      }
    }
  }
}
