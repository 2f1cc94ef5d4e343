import CAdw
import CGtk
import CGtkShim
import Foundation
import RosterAppCore
import RosterStore

/// The application: its id, its keyboard shortcuts, and one main window.
@MainActor
final class App {
  static let id = "org.roster.Roster"
  private let application: UnsafeMutablePointer<AdwApplication>
  private let preload: Preload
  private var window: MainWindow?

  private let started: Int64

  init(started: Int64, preload: Preload) {
    self.started = started
    self.preload = preload
    application = adw_application_new(Self.id, G_APPLICATION_NON_UNIQUE)
    Signal.connect(UnsafeMutableRawPointer(application), "activate") { [unowned self] in
      self.activate()
    }
    // A list deleted just before quitting is gone for good: its Undo toast goes with the window.
    Signal.connect(UnsafeMutableRawPointer(application), "shutdown") { [unowned self] in
      self.window?.library.commitDeletion()
    }
  }

  private var gtkApplication: UnsafeMutablePointer<GtkApplication> {
    UnsafeMutableRawPointer(application).assumingMemoryBound(to: GtkApplication.self)
  }

  private var gApplication: UnsafeMutablePointer<GApplication> {
    UnsafeMutableRawPointer(application).assumingMemoryBound(to: GApplication.self)
  }

  private func activate() {
    if let window {
      window.present()
      return
    }
    do {
      let opened = try preload.wait()
      let library =
        switch opened.start {
        case .whole(let first):
          try LibraryController(storage: opened.storage, first: first)
        case .preview(let summaries, let list):
          LibraryController(storage: opened.storage, summaries: summaries, preview: list)
        }
      let loaded = FrameClock.now
      let window = MainWindow(application: gtkApplication, library: library)
      self.window = window
      setAccelerators()
      if library.isLoading {
        // A long list's first rows show now; the whole list replaces them when it has loaded.
        MainLoop.every(milliseconds: 8) { [preload] in
          guard let rest = preload.takeRest() else { return true }
          window.finishLoading(rest)
          return false
        }
      }
      if LaunchBenchmark.isEnabled {
        let benchmark = LaunchBenchmark(
          started: started, loaded: loaded, windowCreated: FrameClock.now)
        benchmark.run(window: window) { [unowned self] in
          g_application_quit(self.gApplication)
        }
      }
      window.present()
    } catch {
      FileHandle.standardError.write(Data("roster-app: \(error)\n".utf8))
      g_application_quit(gApplication)
    }
  }

  private func setAccelerators() {
    let accels: [(String, String, String?)] = [
      ("win.undo", "<Control>z", nil),
      ("win.redo", "<Control><Shift>z", "<Control>y"),
      ("win.search", "<Control>f", nil),
      ("win.focus-add", "<Control>l", nil),
      ("win.new-list", "<Control>n", nil),
      ("win.shortcuts", "<Control>question", nil),
      ("win.categories", "<Control>k", nil),
      ("window.close", "<Control>w", nil),
    ]
    for (action, accel, second) in accels {
      roster_set_accels(gtkApplication, action, accel, second)
    }
  }

  /// Runs the main loop until the window closes; returns the exit status.
  func run() -> Int32 {
    let status = g_application_run(gApplication, 0, nil)
    return status
  }
}
