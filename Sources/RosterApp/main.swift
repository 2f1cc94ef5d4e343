import Foundation
import RosterAppCore
import RosterStore

// roster-app [--db PATH]: the database is PATH, else $ROSTER_DB. Until a database is given the
// app shows sample lists kept in memory.
let started = FrameClock.now
let options = Options(arguments: Array(CommandLine.arguments.dropFirst()))
let status = MainActor.assumeIsolated {
  let app = App(started: started, makeStorage: { try options.makeStorage() })
  return app.run()
}
exit(status)
