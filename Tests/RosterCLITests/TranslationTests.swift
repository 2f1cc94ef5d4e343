import Foundation
import RosterTestSupport
import Testing

/// The built `roster` in German, from po/de.po compiled for the test (`ROSTER_LOCALEDIR`), and
/// from an installation's `share/locale` beside its `bin/`; the C locale stays English.
@Suite struct TranslationTests {
  /// po/ compiled into a fresh folder, as `make locale` does.
  static let catalogs: URL = {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("roster-catalogs-\(UUID().uuidString)")
    _ = try? ChildProcess.run(
      "/usr/bin/env", ["python3", "scripts/po.py", "compile", folder.path],
      directory: RosterBinary.packageRoot.path)
    return folder
  }()

  /// Runs `roster` with `language` (variables such as `LANG`) and the compiled catalogs.
  func run(_ arguments: String..., language: [String: String]) throws -> RosterBinary.Result {
    let home = try TemporaryRosterHome(
      prefix: "roster-de", extra: ["ROSTER_LOCALEDIR": Self.catalogs.path].merging(language) { $1 })
    return try RosterBinary.locate().run(arguments, environment: home.environment)
  }

  static let german = ["LANG": "de_DE.UTF-8"]
  static let refusedR2D2 =
    "abgelehnt: „R2D2“: „2“ (U+0032) an Position 2: Ziffern gehören nicht in einen Namen.\n"

  @Test func theGermanLocaleIsGenerated() throws {
    let names = String(
      decoding: try ChildProcess.run("/usr/bin/env", ["locale", "-a"]).stdout, as: UTF8.self)
    #expect(
      names.lowercased().split(separator: "\n").contains("de_de.utf8"),
      "de_DE.UTF-8 is not generated, so LANG=de_DE.UTF-8 falls back to C: run scripts/install-deps.sh test"
    )
  }

  @Test func checkPrintsTheGermanReasonUnderAGermanLang() throws {
    let result = try run("check", "R2D2", "Anna", language: Self.german)
    #expect(result.stdout == Self.refusedR2D2 + "gültig: „Anna“\n")
    #expect(result.status == 1)
  }

  @Test func languageChoosesGermanUnderAnyUTF8Locale() throws {
    let result = try run("check", "R2D2", language: ["LANGUAGE": "de", "LANG": "C.UTF-8"])
    #expect(result.stdout == Self.refusedR2D2)
  }

  @Test func theCLocaleStaysEnglishEvenWithLanguageSet() throws {
    for language in [["LANG": "C"], ["LANGUAGE": "de"], ["LC_ALL": "C", "LANGUAGE": "de"]] {
      let result = try run("check", "R2D2", language: language)
      #expect(
        result.stdout
          == "refused: “R2D2”: “2” (U+0032) at position 2: digits are not part of a name.\n",
        "\(language)")
    }
  }

  @Test func helpAndUsageErrorsAreGerman() throws {
    let help = try run("check", "--help", language: Self.german)
    #expect(help.stdout.hasPrefix("Aufruf: roster check NAME…"))
    #expect(help.stdout.contains("\n        roster check --json-lines"))
    #expect(help.stdout.contains("Prüft Namen, ohne sie zu speichern"))
    let overview = try run("--help", language: Self.german)
    #expect(overview.stdout.hasPrefix("roster: Listen von Namen"))
    #expect(overview.stdout.contains("\nOptionen für jeden Befehl:\n"))
    let unknown = try run("frobnicate", language: Self.german)
    #expect(unknown.stderr == "roster: Unbekannter Befehl „frobnicate“. Siehe „roster --help“.\n")
    #expect(unknown.status == 2)
    let bare = try run("add", language: Self.german)
    #expect(
      bare.stderr
        == "roster: Geben Sie mindestens einen NAME zum Hinzufügen an. Siehe „roster add --help“.\n"
    )
    let option = try run("add", "Anna", "--colour", "red", language: Self.german)
    #expect(option.stderr.hasPrefix("roster: Unbekannte Option „--colour“ für roster add."))
  }

  @Test func addAndStoreErrorsAreGerman() throws {
    let added = try run("add", "Anna", language: Self.german)
    #expect(added.stdout.hasSuffix(" „Anna“ zu „Names“ hinzugefügt.\n"), "\(added.stdout)")
    let refused = try run("add", "R2D2", language: Self.german)
    #expect(
      refused.stderr
        == "roster: „R2D2“ abgelehnt: „2“ (U+0032) an Position 2: Ziffern gehören nicht in einen"
        + " Namen.\n")
    let missing = try run("show", "--list", "Nope", language: Self.german)
    #expect(missing.stderr == "roster: Es gibt keine Liste namens „Nope“.\n")
  }

  @Test func anInstalledRosterFindsShareLocaleBesideBin() throws {
    let prefix = FileManager.default.temporaryDirectory
      .appendingPathComponent("roster-prefix-\(UUID().uuidString)")
    let bin = prefix.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: prefix.appendingPathComponent("share"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: Self.catalogs, to: prefix.appendingPathComponent("share/locale"))
    try FileManager.default.copyItem(
      at: try RosterBinary.locate().url, to: bin.appendingPathComponent("roster"))
    let home = try TemporaryRosterHome(prefix: "roster-de", extra: Self.german)
    let installed = RosterBinary(url: bin.appendingPathComponent("roster"))
    let result = try installed.run(["check", "R2D2"], environment: home.environment)
    #expect(result.stdout == Self.refusedR2D2)
  }
}
