import Foundation
import RosterTestSupport
import Testing

/// `roster import`, `export`, `sort` and `lists keep-sorted` in German (po/de.po compiled for
/// the test), and the same commands in the C locale, where they stay English.
@Suite struct TransferTranslationTests {
  static let spreadsheet = Data("Last name,First name,Class\nNowak,Łukasz,3b\nMüller,Zoë,3a\n".utf8)

  func run(_ arguments: String..., stdin: Data? = nil, language: [String: String]) throws
    -> RosterBinary.Result
  {
    let home = try TemporaryRosterHome(
      prefix: "roster-de",
      extra: ["ROSTER_LOCALEDIR": TranslationTests.catalogs.path].merging(language) { $1 })
    return try RosterBinary.locate().run(arguments, environment: home.environment, stdin: stdin)
  }

  @Test func aFileWithSeveralColumnsIsRefusedInGerman() throws {
    let result = try run("import", "-", stdin: Self.spreadsheet, language: TranslationTests.german)
    #expect(
      result.stderr == """
        roster: -: Die erste Zeile ist nicht die Kopfzeile von Roster (text,category,…) und hat \
        3 Spalten: 1 „Last name“, 2 „First name“, 3 „Class“.
        roster: Wählen Sie die Spalten mit --text-columns COL[,COL…] [--category-column COL] \
        und --header oder --no-header (COL: der Name einer Spalte oder ihre Nummer ab 1). \
        Nichts wurde importiert.

        """)
    #expect(result.status == 1)
  }

  @Test func theSameRefusalStaysEnglishInTheCLocale() throws {
    let result = try run("import", "-", stdin: Self.spreadsheet, language: ["LANG": "C"])
    #expect(
      result.stderr.hasPrefix(
        "roster: -: the first row is not Roster's header (text,category,…) and has 3 columns:"))
  }

  @Test func refusedRowsAndMalformedLinesAreGerman() throws {
    let rows = try run(
      "import", "-", stdin: Data("text\nR2D2\nAnna\n".utf8), language: TranslationTests.german)
    #expect(
      rows.stderr == """
        roster: -, Zeile 2: „R2D2“ abgelehnt: „2“ (U+0032) an Position 2: Ziffern gehören nicht \
        in einen Namen.
        roster: Nichts importiert: 1 von 2 Zeilen abgelehnt.

        """)
    let quote = try run(
      "import", "-", stdin: Data("text\n\"Anna\n".utf8), language: TranslationTests.german)
    #expect(
      quote.stderr
        == "roster: -, Zeile 2: ein Feld in Anführungszeichen wird nie geschlossen (es beginnt in"
        + " dieser Zeile).\n")
    let header = try run(
      "import", "-", "--text-columns", "2,1", stdin: Self.spreadsheet,
      language: TranslationTests.german)
    #expect(
      header.stderr.hasSuffix(
        "roster: Geben Sie --header oder --no-header an. Nichts wurde importiert.\n"))
  }

  @Test func sortHelpAndSortingAreGerman() throws {
    let help = try run("sort", "--help", language: TranslationTests.german)
    #expect(help.stdout.hasPrefix("Aufruf: roster sort [--list TITLE]"))
    #expect(help.stdout.contains("Sortiert die Liste nach der Sortierfolge eines Locales"))
    #expect(help.stdout.contains("  --reverse             Z–A statt A–Z.\n"))
    let sorted = try run("sort", "--locale", "de", language: TranslationTests.german)
    #expect(sorted.stdout == "„Names“ A–Z (de) sortiert: Die Reihenfolge stimmte schon.\n")
    let bad = try run("sort", "--by", "colour", language: TranslationTests.german)
    #expect(
      bad.stderr
        == "roster: --by nimmt text oder last-word, nicht „colour“. Siehe „roster sort --help“.\n")
  }

  @Test func exportUsageErrorsAreGerman() throws {
    let bom = try run("export", "--format", "json", "--bom", language: TranslationTests.german)
    #expect(bom.stderr == "roster: --bom ist für CSV-Exporte. Siehe „roster export --help“.\n")
    let format = try run("export", "--format", "xml", language: TranslationTests.german)
    #expect(
      format.stderr
        == "roster: Unbekanntes Format „xml“: Verwenden Sie csv, json oder pdf. Siehe"
        + " „roster export --help“.\n")
  }
}
