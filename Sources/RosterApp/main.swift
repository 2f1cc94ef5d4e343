import Foundation
import RosterKit
import RosterLocalization

// roster-app [--db PATH]: the database is PATH, else $ROSTER_DB, else
// $XDG_DATA_HOME/roster/roster.sqlite3 — the same file the `roster` CLI uses.
// `roster-app --version` prints the version without a display.
Localization.setUp()
if CommandLine.arguments.dropFirst().contains("--version") {
  print("roster-app \(RosterVersion.current)")
  exit(0)
}
let instrumentation = Instrumentation()
let options = Options(arguments: Array(CommandLine.arguments.dropFirst()))
// The store opens and the first list loads while GTK starts.
let preload = Preload { try instrumentation.storage(otherwise: options.makeStorage) }
let status = MainActor.assumeIsolated {
  let app = App(preload: preload, instrumentation: instrumentation)
  return app.run()
}
exit(status)
