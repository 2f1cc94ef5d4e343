import CGtk
import Foundation
import RosterKit

/// `ROSTER_BENCH=1`: after the first painted frame, time a delete and an insert at the top of
/// the list to their painted frames, print one JSON line, and quit.
///
/// Times are CLOCK_MONOTONIC nanoseconds, so `roster-bench --app` can subtract its own reading
/// taken when it started the process.
@MainActor
struct LaunchBenchmark {
  let started: Int64
  let loaded: Int64
  let windowCreated: Int64

  static var isEnabled: Bool { ProcessInfo.processInfo.environment["ROSTER_BENCH"] == "1" }

  func run(window: Widget, list: RosterList, quit: @escaping @MainActor () -> Void) {
    FrameClock.afterFirstFrame(of: window) {
      let firstFrame = FrameClock.now
      MainLoop.after(milliseconds: 200) {
        let deleteStart = FrameClock.now
        let removed = list.entry(at: 0).map { try? list.remove(id: $0.id) }
        FrameClock.afterNextFrame(of: window) {
          let deleteFrame = FrameClock.now
          MainLoop.after(milliseconds: 100) {
            let insertStart = FrameClock.now
            _ = try? list.insert("Ama Owusu", at: 0)
            FrameClock.afterNextFrame(of: window) {
              let insertFrame = FrameClock.now
              let fields: [(String, Int64)] = [
                ("count", Int64(list.count)), ("started_ns", started),
                ("loaded_ns", loaded), ("window_ns", windowCreated),
                ("first_frame_ns", firstFrame), ("delete_ns", deleteFrame - deleteStart),
                ("insert_ns", insertFrame - insertStart),
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
}
