import Foundation
import RosterAppCore
import RosterBackend
import RosterGtk
import RosterKit

/// The benchmark hooks `roster-bench --app` drives, off unless the environment asks for them;
/// the app's normal paths know nothing of them.
///
/// - `ROSTER_SAMPLE_COUNT=n`: show one generated list of n entries, in memory, instead of the
///   database.
/// - `ROSTER_BENCH=1`: after the first painted frame — and, for a long list shown as a preview
///   first, after the frame that shows the whole list, editable — time an add at the end of the
///   list followed at once by a keystroke in the search field to the frame that paints both
///   (the window must not wait for the disk), a delete and an insert at the top of the list to
///   their painted frames, then two keystrokes of a search ("z", then "zo") to the frames that
///   show their results, print one JSON line, and quit (once every action is stored).
/// - `ROSTER_BENCH=door`: a door (``DoorBenchmark``): `ROSTER_DOOR_GUESTS` guests (1,000 by
///   default) found by typing their name's last word into the search and checked in with Enter.
/// - `ROSTER_BENCH=follow`: another door's check-ins arriving (``FollowBenchmark``), until
///   `ROSTER_FOLLOW_COUNT` entries are checked in.
///
/// Times are CLOCK_MONOTONIC nanoseconds, so `roster-bench --app` can subtract its own reading
/// taken when it started the process.
struct Instrumentation: Sendable {
  /// When `main` started.
  let started: Int64
  /// `ROSTER_SAMPLE_COUNT`.
  let sampleCount: Int?
  /// What `ROSTER_BENCH` asks for, if anything.
  let mode: Mode?

  /// The benchmarks `ROSTER_BENCH` names.
  enum Mode: Equatable {
    /// `1`: the launch, edits and two search keystrokes.
    case launch
    /// `door`: this many check-ins by search.
    case door(guests: Int)
    /// `follow`: until this many entries are checked in elsewhere.
    case follow(checkIns: Int)
  }

  /// Reads the hooks from `environment`; call it first thing, as it notes the start time.
  init(environment: [String: String] = ProcessInfo.processInfo.environment) {
    started = FrameClock.now
    sampleCount = environment["ROSTER_SAMPLE_COUNT"].flatMap { Int($0) }
    mode =
      switch environment["ROSTER_BENCH"] {
      case "1": .launch
      case "door": .door(guests: environment["ROSTER_DOOR_GUESTS"].flatMap { Int($0) } ?? 1_000)
      case "follow":
        .follow(checkIns: environment["ROSTER_FOLLOW_COUNT"].flatMap { Int($0) } ?? 100)
      default: nil
      }
  }

  /// The generated store for `ROSTER_SAMPLE_COUNT`, else the one `open` opens.
  func storage(otherwise open: () throws -> any RosterStorage) throws -> any RosterStorage {
    if let sampleCount { return SampleStorage(count: sampleCount) }
    return try open()
  }

  /// Makes the main window with `make` and, for `ROSTER_BENCH`, starts its benchmark there;
  /// `quit` ends the app once the readings are printed.
  @MainActor
  func openWindow(
    quit: @escaping @MainActor () -> Void, _ make: () -> MainWindow
  ) -> MainWindow {
    let loaded = FrameClock.now
    let window = make()
    switch mode {
    case .launch?:
      LaunchBenchmark(started: started, loaded: loaded, windowCreated: FrameClock.now)
        .run(window: window, quit: quit)
    case .door(let guests)?:
      WholeList.whenShown(in: window) { DoorBenchmark(window, guests: guests, quit: quit).run() }
    case .follow(let checkIns)?:
      WholeList.whenShown(in: window) {
        FollowBenchmark(window, checkIns: checkIns, quit: quit).run()
      }
    case nil: break
    }
    return window
  }
}

/// `ROSTER_BENCH=1`'s readings, taken as the window paints.
@MainActor
private final class LaunchBenchmark {
  let started: Int64
  let loaded: Int64
  let windowCreated: Int64
  /// When the whole list replaced its preview.
  private var wholeLoaded: Int64?
  /// What to do once the whole list is in the window.
  private var onWhole: () -> Void = {}
  /// The add and keystroke → frame, in nanoseconds, and whether the add was made.
  private var addKey: (nanoseconds: Int64, added: Int64) = (0, 0)

  init(started: Int64, loaded: Int64, windowCreated: Int64) {
    self.started = started
    self.loaded = loaded
    self.windowCreated = windowCreated
  }

  func run(window: MainWindow, quit: @escaping @MainActor () -> Void) {
    window.onWholeListArrived = { self.wholeLoaded = FrameClock.now }
    window.onLoaded = { self.onWhole() }
    FrameClock.afterFirstFrame(of: window.window) {
      let firstFrame = FrameClock.now
      guard window.library.isLoading else {
        // Whole from the start, or swapped in before the first frame.
        let whole = (firstFrame, self.wholeLoaded ?? self.loaded)
        self.edit(window, firstFrame: firstFrame, whole: whole, previewed: false, quit)
        return
      }
      self.onWhole = {
        FrameClock.afterNextFrame(of: window.window) {
          let whole = (FrameClock.now, self.wholeLoaded ?? self.loaded)
          self.edit(window, firstFrame: firstFrame, whole: whole, previewed: true, quit)
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
      // An add, then at once a keystroke in the search field: the frame that paints them must
      // not wait for the add to be stored (an fsync, a database another program locked).
      let addKeyStart = FrameClock.now
      let added = try? list.append("Zoë Saldaña")
      window.search.isSearching = true
      window.search.appendText("q")
      FrameClock.afterNextFrame(of: window.window) {
        self.addKey = (FrameClock.now - addKeyStart, added == nil ? 0 : 1)
        window.search.isSearching = false
        self.editTop(window, firstFrame: firstFrame, whole: whole, previewed: previewed, quit)
      }
    }
  }

  /// Times a delete and an insert at the top of the list, then the searches, then prints.
  private func editTop(
    _ window: MainWindow, firstFrame: Int64, whole: (frame: Int64, loaded: Int64),
    previewed: Bool, _ quit: @escaping @MainActor () -> Void
  ) {
    let list = window.library.current
    MainLoop.after(milliseconds: 200) {
      let deleteStart = FrameClock.now
      // A failed edit is reported in the readings (`removed`, `inserted`), not dropped.
      let removed = list.entry(at: 0).map { try? list.remove(id: $0.id) } ?? nil
      FrameClock.afterNextFrame(of: window.window) {
        let deleteFrame = FrameClock.now
        MainLoop.after(milliseconds: 100) {
          let insertStart = FrameClock.now
          let inserted = try? list.insert("Ama Owusu", at: 0)
          FrameClock.afterNextFrame(of: window.window) {
            let insertFrame = FrameClock.now
            self.search(window, typing: ["z", "o"], times: []) { searches in
              let fields: [(String, Int64)] = [
                ("count", Int64(list.count)), ("started_ns", self.started),
                ("loaded_ns", self.loaded), ("window_ns", self.windowCreated),
                ("first_frame_ns", firstFrame), ("whole_loaded_ns", whole.loaded),
                ("whole_frame_ns", whole.frame), ("previewed", previewed ? 1 : 0),
                ("delete_ns", deleteFrame - deleteStart), ("insert_ns", insertFrame - insertStart),
                ("removed", removed == nil ? 0 : 1), ("inserted", inserted == nil ? 0 : 1),
                ("key_ns", searches[0].frame), ("key_applied_ns", searches[0].applied),
                ("key_matches", searches[0].matches), ("refine_ns", searches[1].frame),
                ("refine_applied_ns", searches[1].applied), ("refine_matches", searches[1].matches),
                ("add_key_ns", self.addKey.nanoseconds), ("added", self.addKey.added),
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

  /// Types each of `texts` at the end of the search field in turn, 100 ms apart, and times each from the
  /// keystroke to the painted frame showing its results (`frame`, the window's delay before
  /// searching included) and from the search's start to that frame (`applied`: the search and
  /// the repaint, beyond the delay), in nanoseconds.
  private func search(
    _ window: MainWindow, typing texts: [String],
    times: [(frame: Int64, applied: Int64, matches: Int64)],
    then done: @escaping ([(frame: Int64, applied: Int64, matches: Int64)]) -> Void
  ) {
    guard let text = texts.first else { return done(times) }
    MainLoop.after(milliseconds: 100) {
      // As a person's typing does it (MainWindow's key handler).
      if !window.search.isSearching { window.search.isSearching = true }
      window.search.entry.grabFocus()
      let start = FrameClock.now
      window.onSearchApplying = {
        let applied = FrameClock.now
        window.onSearchApplying = {}
        FrameClock.afterNextFrame(of: window.window) {
          let frame = FrameClock.now
          let matches = Int64(window.entries.matches?.count ?? -1)
          self.search(
            window, typing: Array(texts.dropFirst()),
            times: times + [(frame - start, frame - applied, matches)], then: done)
        }
      }
      window.search.appendText(text)
    }
  }
}
