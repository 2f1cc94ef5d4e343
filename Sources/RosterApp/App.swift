import Foundation
import RosterAppCore
import RosterGtk
import RosterLocalization

/// The application: its id, its keyboard shortcuts, and one main window.
@MainActor
final class App {
  static let id = "org.roster.Roster"
  private let application = Application(id: App.id)
  private let preload: Preload
  private let instrumentation: Instrumentation
  private var window: MainWindow?
  /// Set when the database could not be opened: the app quits with status 1.
  private var failed = false

  init(preload: Preload, instrumentation: Instrumentation) {
    self.preload = preload
    self.instrumentation = instrumentation
    application.onActivate { [unowned self] in self.activate() }
    // A list deleted just before quitting is gone for good: its Undo toast goes with the window.
    // Asked to end (a session logging out, Ctrl+C): the window closes as its close button
    // would, so that the actions still waiting are stored first.
    application.onTerminationRequest { [unowned self] in
      if let window = self.window { window.window.close() } else { self.application.quit() }
    }
    // Whatever still waits to be stored is stored before the process ends.
    application.onShutdown { [unowned self] in
      self.window?.library.commitDeletion()
      _ = self.window?.library.finishWrites(timeout: .seconds(600))
    }
  }

  private func activate() {
    if let window {
      window.present()
      return
    }
    do {
      showFirstSyncWhileItLasts()
      let opened = try preload.wait()
      let library =
        switch opened.start {
        case .whole(let first):
          try LibraryController(storage: opened.storage, first: first)
        case .preview(let summaries, let list):
          LibraryController(storage: opened.storage, summaries: summaries, preview: list)
        }
      let window = instrumentation.openWindow(quit: { [unowned self] in self.application.quit() }) {
        MainWindow(application: application, library: library)
      }
      self.window = window
      for binding in ShortcutTable.roster.bindings {
        application.setAccelerators(binding.accelerators, for: binding.action)
      }
      if library.isLoading {
        // A long list's first rows show now; the whole list replaces them when it has loaded.
        MainLoop.every(milliseconds: 8) { [preload] in
          guard let rest = preload.takeRest() else { return true }
          window.finishLoading(rest)
          return false
        }
      }
      window.present()
    } catch {
      FileHandle.standardError.write(
        Data("roster-app: \(ErrorWording.sentence(for: error))\n".utf8))
      failed = true
      application.quit()
    }
  }

  /// A replica's first sync of a shared server can take seconds: once the store has been
  /// opening for a moment and says what it fetches, a window says so until it is done.
  private func showFirstSyncWhileItLasts() {
    guard preload.reportsProgress else { return }
    let started = ContinuousClock.now
    while !preload.isReady,
      preload.progress == nil || started.duration(to: .now) < .milliseconds(300)
    {
      MainLoop.spin(milliseconds: 20)
    }
    guard !preload.isReady, let first = preload.progress else { return }
    let page = StatusPage(
      icon: "folder-download-symbolic", title: localized("Fetching your lists from the server"),
      description: first)
    let window = ApplicationWindow(
      application: application, title: localized("Roster"), width: 480, height: 320)
    window.setContent(page)
    window.present()
    while !preload.isReady {
      MainLoop.spin(milliseconds: 50)
      if let now = preload.progress, now != page.details { page.details = now }
    }
    window.close()
  }

  /// Runs the main loop until the window closes; returns the exit status (1 when the database
  /// could not be opened).
  func run() -> Int32 {
    let status = application.run()
    return failed ? 1 : status
  }
}
