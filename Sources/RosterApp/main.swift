import Foundation
import RosterAppCore
import RosterStore

// roster-app [--db PATH]: the database is PATH, else $ROSTER_DB, else
// $XDG_DATA_HOME/roster/roster.sqlite3 — the same file the `roster` CLI uses.
let started = FrameClock.now
let options = Options(arguments: Array(CommandLine.arguments.dropFirst()))
let status = MainActor.assumeIsolated {
  let app = App(started: started, makeStorage: { try options.makeStorage() })
  return app.run()
}
exit(status)
