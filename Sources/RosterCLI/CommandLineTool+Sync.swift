import Foundation
import RosterBackend
import RosterEngines
import RosterKit
import RosterLocalization
import RosterSync
import RosterTransfer

/// `roster sync`, `roster sync --status`
extension CommandLineTool {
  func sync(_ arguments: Arguments) throws(CLIError) {
    try arguments.expect(0...0, localized("no arguments"))
    if arguments.has(.json), !arguments.has(.status) {
      throw arguments.usage(localized("--json goes with --status."))
    }
    let shared = try sharedReplica(arguments, for: "sync")
    if arguments.has(.status) {
      try printStatus(of: shared.replica, json: arguments.has(.json))
      return
    }
    let sync = ReplicaSync(replica: shared.replica)
    let report: ReplicaSync.Report
    let place: String
    var meter: TerminalProgress?
    defer { meter?.finish() }
    do throws(StoreError) {
      let connection = try shared.connect()
      place = connection.place
      report = try sync.sync(with: connection.server) { [err] summary in
        meter?.finish()
        meter = TerminalProgress(
          label: localized("Fetching “%@”", summary.title), unit: localized("entries"), sink: err)
        _ = meter?.update(TransferProgress(done: summary.count, fraction: nil))
      }
    } catch .database, .busy {
      meter?.finish()
      meter = nil
      err.line(try offlineLine(shared.replica))
      throw .reported
    } catch {
      throw .store(error)
    }
    meter?.finish()
    meter = nil
    for refusal in report.notApplied { err.line(refusal.message) }
    // Check-ins made here that the server refused, or kept as double check-ins.
    for action in report.attendance {
      for sentence in sync.sentences(for: action) { err.line(sentence) }
    }
    out.line(
      localized(
        "In sync with %1$@: %2$@, %3$@.", place,
        localizedPlural("%@ list", "%@ lists", count: report.lists, report.lists),
        waitingPhrase(report.waiting)))
  }

  /// The replica of the PostgreSQL database `--db` names, or a refusal naming `command` on a
  /// SQLite file.
  func sharedReplica(_ arguments: Arguments, for command: String) throws(CLIError)
    -> SharedReplica
  {
    let location = location(arguments)
    let found = try attempt { () throws(StoreError) in
      try SharedReplica.open(location, environment: environment)
    }
    guard let found else {
      throw .failed(
        localized(
          "roster %1$@ works with a PostgreSQL database (--db postgresql://…); “%2$@” is a SQLite"
            + " file.", command, location.path))
    }
    return found
  }

  /// `4 changes waiting`.
  func waitingPhrase(_ count: Int) -> String {
    localizedPlural("%@ change waiting", "%@ changes waiting", count: count, count)
  }

  /// `Offline: 4 changes waiting (in sync as of 19:02).`
  func offlineLine(_ replica: any ReplicaStorage) throws(CLIError) -> String {
    let (waiting, last) = try attempt { () throws(StoreError) in
      (try replica.waitingCount(), try replica.lastSync())
    }
    guard let last else {
      return localized("Offline: %@ (never in sync).", waitingPhrase(waiting))
    }
    return localized(
      "Offline: %1$@ (in sync as of %2$@).", waitingPhrase(waiting), SyncTimeWording.moment(last))
  }

  private func printStatus(of replica: any ReplicaStorage, json: Bool) throws(CLIError) {
    let (waiting, last, rejected) = try attempt { () throws(StoreError) in
      (try replica.waitingCount(), try replica.lastSync(), try replica.rejected())
    }
    if json {
      let items = rejected.map { change in
        JSONText.object([
          ("list", JSONText.string(change.listTitle ?? UUIDText.string(change.list))),
          ("entry", JSONText.optional(change.entryText)),
          ("reason", JSONText.string(change.reason)),
          ("at", JSONText.string(Timestamp.format(change.at))),
        ])
      }
      out.line(
        JSONText.object([
          ("waiting", String(waiting)),
          ("last_sync", last.map { JSONText.string(Timestamp.format($0)) } ?? "null"),
          ("rejected", JSONText.array(items)),
        ]))
      return
    }
    let queued = localizedPlural(
      "%@ change waiting to be sent", "%@ changes waiting to be sent", count: waiting, waiting)
    if let last {
      out.line(
        localized(
          "%1$@; in sync as of %2$@.", queued, SyncTimeWording.moment(last, now: .distantFuture)))
    } else {
      out.line(localized("%@; never in sync.", queued))
    }
    for change in rejected {
      let list = change.listTitle ?? UUIDText.string(change.list)
      if let entry = change.entryText {
        out.line(localized("Refused: “%1$@” in “%2$@”: %3$@", entry, list, change.reason))
      } else {
        out.line(localized("Refused: a change to “%1$@”: %2$@", list, change.reason))
      }
    }
  }
}
