import Foundation
import RosterLocalization
import Testing

/// Where a binary finds its catalogs, and the placeholders of translated messages.
@Suite struct LocalizationTests {
  @Test func placeholdersTakeArgumentsInOrderOrByNumber() {
    #expect(localized("Added %@ to “%@”.", "Anna", "Guests") == "Added Anna to “Guests”.")
    #expect(localized("%2$@, %1$@", "first", "second") == "second, first")
    #expect(localized("%1$@ and %1$@ again", 7) == "7 and 7 again")
    #expect(localized("100%% of %@", "them") == "100% of them")
  }

  @Test func aPlaceholderWithoutItsArgumentStaysAsWritten() {
    #expect(localized("%@ and %@", "one") == "one and %@")
    #expect(localized("%3$@ %x %", "a") == "%3$@ %x %")
    #expect(localized("50% off") == "50% off")
  }

  @Test func pluralsTakeTheEnglishFormForTheCount() {
    for (count, expected) in [(0, "0 entries"), (1, "1 entry"), (2, "2 entries")] {
      #expect(localizedPlural("%@ entry", "%@ entries", count: count, count) == expected)
    }
  }

  @Test func anEmptyMessageStaysEmpty() {
    #expect(localized("").isEmpty)  // gettext("") would be the catalog's header
  }

  @Test func theEnvironmentVariableComesFirst() {
    let found = Localization.catalogDirectory(
      environment: ["ROSTER_LOCALEDIR": "/somewhere/locale"], executable: "/usr/bin/roster")
    #expect(found == "/somewhere/locale")
  }

  @Test func anInstallationFindsShareLocaleBesideBin() throws {
    let prefix = try Self.folder(with: "share/locale/de/LC_MESSAGES/roster.mo")
    let found = Localization.catalogDirectory(
      environment: [:], executable: prefix.appendingPathComponent("bin/roster").path)
    #expect(found == prefix.appendingPathComponent("share/locale").path)
  }

  @Test func aBuildFolderFindsLocaleBesideTheExecutable() throws {
    let build = try Self.folder(with: "debug/locale/de/LC_MESSAGES/roster.mo")
    let found = Localization.catalogDirectory(
      environment: ["ROSTER_LOCALEDIR": ""],
      executable: build.appendingPathComponent("debug/roster").path)
    #expect(found == build.appendingPathComponent("debug/locale").path)
  }

  @Test func withoutACatalogGettextKeepsItsDefault() throws {
    let prefix = try Self.folder(with: "share/locale/de/LC_MESSAGES/other.mo")
    let found = Localization.catalogDirectory(
      environment: [:], executable: prefix.appendingPathComponent("bin/roster").path)
    #expect(found == nil)
    #expect(Localization.catalogDirectory(environment: [:], executable: nil) == nil)
  }

  /// A fresh temporary folder holding an empty file at `path`.
  static func folder(with path: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("roster-locale-\(UUID().uuidString)")
    let file = folder.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    #expect(FileManager.default.createFile(atPath: file.path, contents: Data()))
    return folder
  }
}
