import Foundation
import RosterAppCore
import RosterGtk
import RosterKit

/// `ROSTER_BENCH=door`: a door at an event. For each guest, the last word of an entry's text
/// (distinctive in the list `roster-bench --only door` makes) is typed into the search field
/// key by key, as typing does it, then Enter checks the one match in, as the field's activate
/// signal does. Each keystroke is timed to the painted frame that shows its final results (the
/// search pacer's wait included), Enter to the next painted frame (the count and the toast),
/// and Enter to the frame that shows the cleared search. Prints one JSON line of percentiles,
/// with the window's count of checked-in entries, and quits once every check-in is stored.
@MainActor
final class DoorBenchmark {
  private let window: MainWindow
  private let guests: Int
  private let quit: @MainActor () -> Void
  /// What is typed for each guest.
  private var queries: [String] = []
  /// Keystroke → the frame with its results, for every keystroke and for each guest's first.
  private var keys: [Int64] = []
  private var firstKeys: [Int64] = []
  /// The search's start → that frame: the search and the repaint, beyond the pacer's wait.
  private var applied: [Int64] = []
  /// Enter → the next frame, and Enter → the frame showing the cleared search.
  private var enters: [Int64] = []
  private var clears: [Int64] = []
  /// Guests whose Enter did not add one to the count.
  private var missed = 0

  init(_ window: MainWindow, guests: Int, quit: @escaping @MainActor () -> Void) {
    self.window = window
    self.guests = guests
    self.quit = quit
  }

  /// Picks the guests spread over the list and starts typing.
  func run() {
    let list = window.library.current
    let count = list.count
    guard count > 0 else { return finish() }
    // A stride prime to the list's size visits distinct entries all over it.
    queries = (0..<min(guests, count)).compactMap { number in
      list.entry(at: number * 7_919 % count)?.text.split(separator: " ").last
        .map { $0.lowercased() }
    }
    MainLoop.after(milliseconds: 200) { self.guest(0) }
  }

  private func guest(_ number: Int) {
    guard number < queries.count else { return finish() }
    if !window.search.isSearching { window.search.isSearching = true }
    window.search.entry.grabFocus()
    type(Array(queries[number]), from: 0) { self.enter(number) }
  }

  /// Types `characters[index...]` one at a time, each once the previous one's results show.
  private func type(
    _ characters: [Character], from index: Int, then done: @escaping @MainActor () -> Void
  ) {
    guard index < characters.count else { return done() }
    let start = FrameClock.now
    window.onSearchApplying = { [self] in
      let searched = FrameClock.now
      window.onSearchApplying = {}
      FrameClock.afterNextFrame(of: window.window) { [self] in
        let frame = FrameClock.now
        keys.append(frame - start)
        applied.append(frame - searched)
        if index == 0 { firstKeys.append(frame - start) }
        type(characters, from: index + 1, then: done)
      }
    }
    window.search.appendText(String(characters[index]))
  }

  /// Enter, as the search field's activate signal: waits for the frame after it and the frame
  /// that shows the cleared search, then the next guest.
  private func enter(_ number: Int) {
    let before = window.attendance?.counts.checkedIn ?? 0
    var waiting = 2
    let start = FrameClock.now
    let next = { [self] in
      waiting -= 1
      if waiting == 0 { guest(number + 1) }
    }
    window.onSearchApplying = { [self] in
      // The search before the check-in runs with the query; the one after, cleared.
      guard window.search.text.isEmpty else { return }
      window.onSearchApplying = {}
      FrameClock.afterNextFrame(of: window.window) { [self] in
        clears.append(FrameClock.now - start)
        next()
      }
    }
    // Before the window's own: it clears the search after that frame.
    FrameClock.afterNextFrame(of: window.window) { [self] in
      enters.append(FrameClock.now - start)
      next()
    }
    window.checkInFromSearch()
    if window.attendance?.counts.checkedIn != before + 1 { missed += 1 }
  }

  private func finish() {
    window.onSearchApplying = {}
    let fields: [(String, Int64)] = [
      ("guests", Int64(queries.count)), ("keys", Int64(keys.count)),
      ("key_p50_ns", percentile(keys, 50)), ("key_p99_ns", percentile(keys, 99)),
      ("key_max_ns", keys.max() ?? 0),
      ("first_key_p50_ns", percentile(firstKeys, 50)),
      ("first_key_p99_ns", percentile(firstKeys, 99)),
      ("applied_p50_ns", percentile(applied, 50)), ("applied_p99_ns", percentile(applied, 99)),
      ("enter_p50_ns", percentile(enters, 50)), ("enter_p99_ns", percentile(enters, 99)),
      ("clear_p50_ns", percentile(clears, 50)), ("clear_p99_ns", percentile(clears, 99)),
      ("checked_in", Int64(window.attendance?.counts.checkedIn ?? -1)),
      ("missed", Int64(missed)), ("count", Int64(window.library.current.count)),
    ]
    let json = fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",")
    FileHandle.standardOutput.write(Data("{\(json)}\n".utf8))
    quit()
  }

  /// The `percent`th percentile of `values` (nearest rank); 0 when there are none.
  private func percentile(_ values: [Int64], _ percent: Int) -> Int64 {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted[min(sorted.count - 1, sorted.count * percent / 100)]
  }
}

/// Waiting for a window's whole list, for the benchmarks that need it editable.
@MainActor
enum WholeList {
  /// Calls `body` once, after the first painted frame that shows the whole list, editable (a
  /// long list shows a preview of its first rows first).
  static func whenShown(in window: MainWindow, _ body: @escaping @MainActor () -> Void) {
    var started = false
    let start = {
      guard !started else { return }
      started = true
      body()
    }
    window.onLoaded = { FrameClock.afterNextFrame(of: window.window) { start() } }
    FrameClock.afterFirstFrame(of: window.window) {
      if !window.library.isLoading { start() }
    }
  }
}
