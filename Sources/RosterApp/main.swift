import Foundation
import RosterAppCore
import RosterStore

// roster-app [--db PATH]: the database is PATH, else $ROSTER_DB, else the default location.
// Without a store, the app runs on sample lists kept in memory.
let status = MainActor.assumeIsolated {
  let app = App(makeStorage: { MemoryStorage(SampleData.lists()) })
  return app.run()
}
exit(status)
