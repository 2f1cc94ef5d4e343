import Foundation
import RosterAppCore
import RosterGtk
import RosterLocalization
import RosterSync

/// Following the store: changes the CLI or another window made, and for a shared server, its
/// connection state in the header and the actions that no longer applied.
extension MainWindow {
  /// Polls the store: every 500 ms for a SQLite file (changes appear within a second), every
  /// 50 ms for a shared server, where a poll only reads what the sending thread saw (no
  /// network unless a notification came), and at once when the sending thread hears one. A row being edited is never rebound (its text is
  /// left alone while it has the focus).
  func followStore() {
    let shared = library.storage as? SharedStorage
    // A shared server's notification wakes the window at once; the poll stays as the floor.
    shared?.onNews = { MainLoop.soon { [weak self] in self?.follow() } }
    MainLoop.every(milliseconds: shared == nil ? 500 : 50) { [weak self] in
      guard let self else { return false }
      self.follow()
      return true
    }
  }

  /// Applies what other writers changed, and for a shared server, its connection state and
  /// the actions that no longer applied. Cheap when nothing happened.
  private func follow() {
    let changed = library.sync()
    let shared = library.storage as? SharedStorage
    if changed { attendance?.sync() }
    guard let shared else {
      if changed { refresh() }
      return
    }
    // Check-ins sent late that the server refused or kept as double check-ins: taken back to
    // what it stored, with a message.
    attendance?.settle()
    for report in shared.takeNotApplied() { toasts.show(report.message) }
    let offline = shared.isOnline ? nil : shared.waiting
    let asOf = shared.isOnline ? nil : shared.lastSync.map { SyncTimeWording.moment($0) }
    if changed || offline != offlineWaiting || asOf != offlineAsOf {
      offlineWaiting = offline
      offlineAsOf = asOf
      refresh()
    }
  }

}
