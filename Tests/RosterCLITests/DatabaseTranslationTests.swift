import Foundation
import RosterTestSupport
import Testing

/// `roster db init`, teams and `roster watch --help` in German (po/de.po compiled for the
/// test); the C locale stays English.
@Suite struct DatabaseTranslationTests {
  func run(_ arguments: String..., language: [String: String]) throws -> RosterBinary.Result {
    let home = try TemporaryRosterHome(
      prefix: "roster-de",
      extra: ["ROSTER_LOCALEDIR": TranslationTests.catalogs.path].merging(language) { $1 })
    return try RosterBinary.locate().run(arguments, environment: home.environment)
  }

  @Test func dbInitSaysWhatItDidInGerman() throws {
    let german = try run("db", "init", language: TranslationTests.german)
    #expect(german.stdout.hasPrefix("Die SQLite-Datenbank /"))
    #expect(german.stdout.hasSuffix("/roster.sqlite3 ist bereit.\n"))
    let english = try run("db", "init", language: ["LANG": "C"])
    #expect(english.stdout.hasPrefix("The SQLite database /"))
  }

  @Test func aTeamOnSQLiteIsRefusedInGerman() throws {
    let result = try run(
      "lists", "create", "Staff", "--team", "staff", language: TranslationTests.german)
    #expect(
      result.stderr
        == "roster: Teams brauchen eine gemeinsame PostgreSQL-Datenbank; eine SQLite-Datei hat"
        + " nur einen Benutzer.\n")
    #expect(result.status == 1)
  }

  @Test func watchHelpIsGerman() throws {
    let help = try run("watch", "--help", language: TranslationTests.german)
    #expect(help.stdout.hasPrefix("Aufruf: roster watch [--list TITLE] [--json]\n"))
    #expect(help.stdout.contains("  --list TITLE   Nur dieser Liste folgen.\n"))
  }
}
