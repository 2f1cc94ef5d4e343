import RosterAppCore
import RosterGtk
import RosterLocalization

/// Closing the window while actions still wait to be stored (the database locked by another
/// program, a slow disk): the window stays until every one is stored, and says so when that
/// takes more than a second.
extension MainWindow {
  /// How long the window waits in silence before it says it is still saving.
  static let savingNoticeDelay: Duration = .seconds(1)

  func wireClosing() {
    window.onCloseRequest { [unowned self] in
      guard library.pendingWrites > 0 else { return false }
      if !isClosing { closeWhenStored() }
      return true
    }
  }

  private func closeWhenStored() {
    isClosing = true
    let clock = ContinuousClock()
    let started = clock.now
    var told = false
    MainLoop.every(milliseconds: 50) { [weak self] in
      guard let self else { return false }
      let waiting = library.pendingWrites
      guard waiting > 0 else {
        library.settle()
        window.close()
        return false
      }
      if !told, started.duration(to: clock.now) >= Self.savingNoticeDelay {
        told = true
        toasts.show(
          localizedPlural(
            "Saving %@ change before closing…", "Saving %@ changes before closing…",
            count: waiting, waiting))
      }
      return true
    }
  }
}
