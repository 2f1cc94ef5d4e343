import Foundation
import RosterAppCore
import RosterStore

// roster-app [--db PATH]: the database is PATH, else $ROSTER_DB. Until a database is given the
// app shows sample lists kept in memory.
let options = Options(arguments: Array(CommandLine.arguments.dropFirst()))
let status = MainActor.assumeIsolated {
  let app = App(makeStorage: { try options.makeStorage() })
  return app.run()
}
exit(status)
