import Foundation
import RosterTestSupport
import Testing

/// The translations in po/: a template extracted from the sources now is covered by every
/// catalog, nothing fuzzy or untranslated, and `msgfmt -c` accepts each (GNU gettext's tools,
/// through scripts/po.py).
@Suite struct CatalogTests {
  static let root = RosterBinary.packageRoot

  @Test func germanCoversAFreshlyExtractedTemplate() throws {
    let pot = Self.scratch("roster.pot")
    let extract = try Self.run(["python3", "scripts/po.py", "extract", pot.path])
    #expect(extract.status == 0, "\(extract.output)")
    let check = try Self.run(["python3", "scripts/po.py", "check", "po/de.po", pot.path])
    #expect(check.status == 0, "\(check.output)")
    #expect(check.output.contains(" 0 problems"), "\(check.output)")
  }

  @Test func germanPassesMsgfmtCheckWithNothingFuzzyOrUntranslated() throws {
    let result = try Self.run(
      ["msgfmt", "-c", "--statistics", "-o", Self.scratch("de.mo").path, "po/de.po"])
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output.contains("translated messages"), "\(result.output)")
    #expect(!result.output.contains("fuzzy"), "\(result.output)")
    #expect(!result.output.contains("untranslated"), "\(result.output)")
  }

  @Test func theCheckFindsAMissingAFuzzyAndAMisplacedTranslation() throws {
    let pot = Self.scratch("small.pot")
    try """
    msgid "Added %1$@ to %2$@."
    msgstr ""

    msgid "Close"
    msgstr ""

    msgid "Cancel"
    msgstr ""

    """.write(to: pot, atomically: true, encoding: .utf8)
    let po = Self.scratch("small.po")
    try """
    msgid "Added %1$@ to %2$@."
    msgstr "%1$@ zu %1$@ hinzugefügt."

    #, fuzzy
    msgid "Close"
    msgstr "Schließen"

    msgid "Gone"
    msgstr "Weg"

    """.write(to: po, atomically: true, encoding: .utf8)
    let check = try Self.run(["python3", "scripts/po.py", "check", po.path, pot.path])
    #expect(check.status == 1)
    for problem in ["placeholders differ", "fuzzy: 'Close'", "missing: 'Cancel'", "obsolete"] {
      #expect(check.output.contains(problem), "\(problem) in \(check.output)")
    }
  }

  @Test func anInterpolatedStringCannotBeExtracted() throws {
    let folder = Self.scratch("sources")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("Sources"), withIntermediateDirectories: true)
    try #"let a = localized("Added \(name).")"#.write(
      to: folder.appendingPathComponent("Sources/A.swift"), atomically: true, encoding: .utf8)
    let result = try Self.run(
      ["python3", "scripts/po.py", "extract", Self.scratch("bad.pot").path],
      environment: ["ROSTER_PO_ROOT": folder.path])
    #expect(result.status == 1)
    #expect(result.output.contains("pass a format (%@) to localized"), "\(result.output)")
  }

  @Test func theFrontEndsShowNoLabelOrMessageOutsideLocalized() throws {
    let result = try Self.run(["python3", "scripts/po.py", "unwrapped"])
    #expect(result.status == 0, "\(result.output)")
  }

  @Test func anUnwrappedMenuItemIsFound() throws {
    let folder = Self.scratch("unwrapped")
    let app = folder.appendingPathComponent("Sources/RosterApp")
    try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
    try """
    menu.append("Quit", action: "app.quit")
    menu.append(localized("Close"), action: "window.close")
    let command = Command(
      description: \"""
        Quits.
        \""")
    """.write(to: app.appendingPathComponent("Menu.swift"), atomically: true, encoding: .utf8)
    let result = try Self.run(
      ["python3", "scripts/po.py", "unwrapped"], environment: ["ROSTER_PO_ROOT": folder.path])
    #expect(result.status == 1)
    #expect(
      result.output == """
        not wrapped in localized: Sources/RosterApp/Menu.swift:1: 'Quit'
        not wrapped in localized: Sources/RosterApp/Menu.swift:4: 'Quits.'

        """)
  }

  @Test func multiLineLiteralsAreExtractedAsSwiftReadsThem() throws {
    let pot = Self.scratch("roster.pot")
    _ = try Self.run(["python3", "scripts/po.py", "extract", pot.path])
    let template = try String(contentsOf: pot, encoding: .utf8)
    // `roster --help`'s first paragraph: no indentation, no leading or trailing line break.
    #expect(
      template.contains(
        """
        msgid ""
        "roster: keep lists of names (or any text) in a local database.\\n"
        "\\n"
        "Usage: roster [--db PATH] COMMAND [ARGUMENTS] [OPTIONS]"
        msgstr ""
        """))
  }

  static func scratch(_ name: String) -> URL {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("roster-po-\(UUID().uuidString)-\(name)")
  }

  /// Runs a command in the package's root; its standard output and error together.
  static func run(_ command: [String], environment: [String: String] = [:]) throws -> (
    status: Int32, output: String
  ) {
    let (status, output, _) = try ChildProcess.run(
      "/usr/bin/env", command,
      environment: ProcessInfo.processInfo.environment.merging(environment) { $1 },
      directory: root.path, mergeErrors: true)
    return (status, String(decoding: output, as: UTF8.self))
  }
}
