import Foundation
import RosterAppCore
import RosterStore

// roster-app [--db PATH]: the database is PATH, else $ROSTER_DB, else
// $XDG_DATA_HOME/roster/roster.sqlite3 — the same file the `roster` CLI uses.
let started = FrameClock.now
let options = Options(arguments: Array(CommandLine.arguments.dropFirst()))
// The store opens and the first list loads while GTK starts.
let preload = Preload { try options.makeStorage() }
let status = MainActor.assumeIsolated {
  let app = App(started: started, preload: preload)
  return app.run()
}
exit(status)
