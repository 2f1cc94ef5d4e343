import Foundation
import RosterBackend
import Testing

/// `--db`, then `ROSTER_DB`, then the default under the data folder: one resolution for the
/// command line and the app.
@Suite struct DatabaseLocationTests {
  @Test func theOptionWinsOverTheEnvironment() {
    let location = DatabaseLocation(option: "/a.sqlite3", environment: ["ROSTER_DB": "/b.sqlite3"])
    #expect(location == DatabaseLocation(option: "/a.sqlite3", environment: [:]))
    #expect(location.path == "/a.sqlite3")
    #expect(location.source == .option)
  }

  @Test func theEnvironmentWinsOverTheDefault() {
    let location = DatabaseLocation(option: nil, environment: ["ROSTER_DB": "/b.sqlite3"])
    #expect(location.path == "/b.sqlite3")
    #expect(location.source == .environment)
  }

  @Test func emptyValuesCountAsAbsent() {
    let location = DatabaseLocation(
      option: "", environment: ["ROSTER_DB": "", "XDG_DATA_HOME": "/data"])
    #expect(location.path == "/data/roster/roster.sqlite3")
    #expect(location.source == .standard)
  }

  @Test func theDefaultIsUnderTheHomeWithoutXDG() {
    let location = DatabaseLocation(option: nil, environment: ["HOME": "/home/anna"])
    #expect(location.path == "/home/anna/.local/share/roster/roster.sqlite3")
  }
}
