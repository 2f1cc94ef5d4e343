import Foundation
import RosterBackend
import RosterEngines
import RosterLocalization
import RosterSync

/// `--offline-ok` and `ROSTER_OFFLINE_OK=1`
extension CommandLineTool {
  /// The commands that work on the replica; every other one needs the server.
  static let offlineCommands: Set<String> = [
    "add", "edit", "rm", "mv", "show", "lists", "checkin", "checkout", "attendance", "sessions",
    "statuses",
  ]

  /// Whether the command line or the environment asks to work offline if need be.
  func offlineOK(_ arguments: Arguments) -> Bool {
    arguments.has(.offlineOK) || environment["ROSTER_OFFLINE_OK"] == "1"
  }

  /// The storage of a command run with `--offline-ok` on a PostgreSQL database: the replica's
  /// lists for a command that works offline. `nil` otherwise (a SQLite file, or no
  /// `--offline-ok`): the command opens the database as always.
  func offlineStore(_ arguments: Arguments) throws(CLIError) -> (any CommandStorage)? {
    guard offlineOK(arguments), Self.offlineCommands.contains(arguments.command) else {
      return nil
    }
    let location = location(arguments)
    guard case .postgres = location.engine else { return nil }
    let shared = try sharedReplica(arguments, for: arguments.command)
    let session = try attempt { () throws(StoreError) in try OfflineSession(shared: shared) }
    guard session.everSynced else {
      throw .failed(
        localized(
          "This machine has no copy of the server's lists yet, and the server cannot be"
            + " reached: run roster sync once it can."))
    }
    offline = session
    return session.copy.store
  }

  /// A command that needs the server, run with `--offline-ok` while it cannot be reached: the
  /// refusal names the command.
  func needsServer(_ arguments: Arguments, _ error: StoreError) -> CLIError {
    guard offlineOK(arguments), case .postgres = location(arguments).engine,
      case .database(let message) = error
    else { return .store(error) }
    return .failed(
      localized(
        "roster %1$@ needs the server, even with --offline-ok: %2$@", arguments.command, message))
  }

  /// After a command that succeeded offline: its changes go to the outbox and are sent when
  /// the server answers; what still waits is said on standard error. A command that changed
  /// nothing (`show`, `lists`) says instead, when the server did not answer, that it showed
  /// this machine's copy, and as of when.
  func finishOffline() throws(CLIError) {
    guard let session = offline else { return }
    let (made, waiting) = try attempt { () throws(StoreError) in try session.finish() }
    for refusal in session.notApplied { err.line(refusal.message) }
    let sync = ReplicaSync(replica: session.shared.replica)
    for action in session.attendance {
      for sentence in sync.sentences(for: action) { err.line(sentence) }
    }
    if made > 0, waiting > 0 {
      err.line(
        localizedPlural(
          "Saved offline: %@ change waiting to be sent.",
          "Saved offline: %@ changes waiting to be sent.", count: waiting, waiting))
    } else if !session.reachedServer {
      err.line(try offlineLine(session.shared.replica))
    }
  }
}
