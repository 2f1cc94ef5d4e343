import Foundation
import RosterBackend
import RosterEngines
import RosterKit
import RosterLocalization

/// Set by SIGINT and SIGTERM while `roster watch` runs: the loop ends and the command exits 0.
nonisolated(unsafe) private var watchStopSignal: sig_atomic_t = 0

/// `roster watch`.
extension CommandLineTool {
  func watch(_ arguments: Arguments) throws(CLIError) {
    try arguments.expect(0...0, localized("no arguments (use --list TITLE to follow one list)"))
    let json = arguments.has(.json)
    let database = location(arguments)
    let environment = environment
    let session = WatchSession(
      open: { () throws(StoreError) in
        try StorageOpener.open(database, environment: environment)
      },
      title: arguments.value(.list),
      report: { [out] event in
        out.line(json ? event.json : event.line { out.styled($0, "2") })
        out.flush()
      },
      status: { [err] message in
        err.line("roster: " + message)
        err.flush()
      })
    try attempt { () throws(StoreError) in try session.start() }
    watchStopSignal = 0
    signal(SIGINT) { _ in watchStopSignal = 1 }
    signal(SIGTERM) { _ in watchStopSignal = 1 }
    // A parent may have started us with them blocked (a thread pool's mask is inherited).
    var stopSignals = sigset_t()
    sigemptyset(&stopSignals)
    sigaddset(&stopSignals, SIGINT)
    sigaddset(&stopSignals, SIGTERM)
    sigprocmask(SIG_UNBLOCK, &stopSignals, nil)
    // A reader that went away ends the watch quietly, instead of killing it.
    signal(SIGPIPE, SIG_IGN)
    err.line("roster: " + localized("Watching %@; press Ctrl-C to stop.", session.following))
    err.flush()
    do throws(StoreError) {
      try session.run { [out] in
        watchStopSignal != 0 || out.failure != nil || Self.readerGone()
      }
    } catch .listNotFound(let title) {
      throw .failed(localized("The list “%@” was deleted.", title))
    } catch {
      throw .store(error)
    }
    session.close()
  }

  /// Whether standard output is a pipe whose reader has closed it.
  private static func readerGone() -> Bool {
    var descriptor = pollfd(fd: STDOUT_FILENO, events: 0, revents: 0)
    guard poll(&descriptor, 1, 0) > 0 else { return false }
    return descriptor.revents & Int16(POLLERR | POLLHUP) != 0
  }
}
