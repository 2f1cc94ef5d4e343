import Foundation
import RosterKit
import RosterLaunch
import RosterLocalization

// roster-app [--db PATH]: the database is PATH, else $ROSTER_DB, else
// $XDG_DATA_HOME/roster/roster.sqlite3 — the same file the `roster` CLI uses.
// `roster-app --version` prints the version without a display.
let options = Options(arguments: Array(CommandLine.arguments.dropFirst()))
// First of all, before any thread starts: a big database's lists are faster on 2 MB pages.
if options.wantsHugePages { HugePages.relaunchIfWanted() }
Localization.setUp()
if CommandLine.arguments.dropFirst().contains("--version") {
  print("roster-app \(RosterVersion.current)")
  exit(0)
}
let instrumentation = Instrumentation()
// The store opens and the first list loads while GTK starts.
let preload = Preload(reportsProgress: options.isShared) { progress in
  try instrumentation.storage(otherwise: { try options.makeStorage(progress: progress) })
}
let status = MainActor.assumeIsolated {
  let app = App(preload: preload, instrumentation: instrumentation)
  return app.run()
}
exit(status)
