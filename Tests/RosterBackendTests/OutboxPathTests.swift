import Foundation
import RosterBackend
import Testing

/// Where the app keeps its outbox for a server: next to the default database, keyed by the
/// connection string without its password.
@Suite struct OutboxPathTests {
  private let environment = ["HOME": "/home/anna", "XDG_DATA_HOME": "/data"]

  @Test func theKeyLeavesThePasswordOut() {
    #expect(
      DatabaseLocation.withoutPassword("postgresql://anna:s3cret@db.example.org:5433/roster")
        == "postgresql://anna@db.example.org:5433/roster")
    #expect(
      DatabaseLocation.withoutPassword("postgres://anna@db/roster?password=s3cret&sslmode=require")
        == "postgres://anna@db/roster?sslmode=require")
    #expect(
      DatabaseLocation.withoutPassword("host=db user=anna password='s3 cret' dbname=roster")
        == "host=db user=anna dbname=roster")
  }

  @Test func oneOutboxPerServerDatabaseAndUserWhateverThePassword() {
    func path(_ uri: String) -> String {
      DatabaseLocation(option: uri, environment: environment).outboxPath(environment: environment)
    }
    let anna = path("postgresql://anna:one@db.example.org/roster")
    #expect(anna.hasPrefix("/data/roster/outbox-") && anna.hasSuffix(".sqlite3"))
    #expect(!anna.contains("one"))
    #expect(path("postgresql://anna:two@db.example.org/roster") == anna)
    #expect(path("postgresql://bob:one@db.example.org/roster") != anna)
    #expect(path("postgresql://anna:one@db.example.org/other") != anna)
    let home = DatabaseLocation(option: "service=roster", environment: ["HOME": "/home/anna"])
      .outboxPath(environment: ["HOME": "/home/anna"])
    #expect(home.hasPrefix("/home/anna/.local/share/roster/outbox-"))
  }
}
