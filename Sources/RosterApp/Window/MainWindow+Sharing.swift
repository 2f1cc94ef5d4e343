import RosterAppCore
import RosterGtk
import RosterSync

/// Following the store: changes the CLI or another window made, and for a shared server, its
/// connection state in the header and the actions that no longer applied.
extension MainWindow {
  /// Polls the store: every 500 ms for a SQLite file (changes appear within a second), every
  /// 50 ms for a shared server, where a poll only reads what the sending thread saw (no
  /// network unless a notification came). A row being edited is never rebound (its text is
  /// left alone while it has the focus).
  func followStore() {
    let shared = library.storage as? SharedStorage
    MainLoop.every(milliseconds: shared == nil ? 500 : 50) { [weak self] in
      guard let self else { return false }
      let changed = self.library.sync()
      if changed { self.attendance?.sync() }
      guard let shared else {
        if changed { self.refresh() }
        return true
      }
      for report in shared.takeNotApplied() { self.toasts.show(report.message) }
      let offline = shared.isOnline ? nil : shared.waiting
      if changed || offline != self.offlineWaiting {
        self.offlineWaiting = offline
        self.refresh()
      }
      return true
    }
  }
}
