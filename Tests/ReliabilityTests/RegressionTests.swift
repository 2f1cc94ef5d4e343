import Foundation
import RosterBackend
import RosterKit
import RosterStore
import RosterTestSupport
import Testing

/// Regressions for bugs found by the reliability work (docs/reliability.md lists them).
@Suite struct RegressionTests {
  /// A 10 MB text in an import was quoted whole in its refusal: a 10 MB line on stderr.
  @Test func aRefusalQuotesAtMost64Characters() throws {
    let huge = String(repeating: "a", count: 10_000_000)
    guard case .invalid = Rule.text.validate(huge) else {
      Issue.record("a 10 MB text was accepted")
      return
    }
    // The sentence around the excerpt is StoreErrorWording's (RosterLocalizationTests).
    #expect(StoreError.excerpt(huge) == String(repeating: "a", count: 64) + "…")
    #expect(StoreError.excerpt("R2D2") == "R2D2")
  }
}

/// A JSON import's `categories` array was stored as written: a bidi control, a line feed or
/// an empty name became a category, and " Guests " did not meet the entries' "Guests".
@Suite struct ImportedCategoryTests {
  @Test func categoryNamesAreCheckedAndNormalizedLikeEntries() throws {
    let database = TemporaryDatabase(prefix: "reliability")
    let store = try SQLiteStore(path: database.path)
    let list = try store.createList(title: "Guests", rule: .personalName)
    let batch = try store.beginImport(into: list.id)
    let red = try #require(CategoryColor(hex: "#ff0000"))
    try batch.addCategory(EntryCategory(name: " Family ", color: red))
    try batch.addCategory(EntryCategory(name: "   "))
    #expect(throws: StoreError.self) { try batch.addCategory(EntryCategory(name: "A\u{202E}B")) }
    #expect(throws: StoreError.self) { try batch.addCategory(EntryCategory(name: "A\nB")) }
    try batch.add(text: "Anna", category: "Family")
    try batch.commit()
    #expect(try store.categories(in: list.id) == [EntryCategory(name: "Family", color: red)])
  }
}

/// A refused input is echoed in one line: control characters and bidi controls are written
/// as escapes (a line feed split the error in two; a U+202E reordered the rest of the line).
@Suite struct VisibleEchoTests {
  @Test(arguments: [
    ("Anna\nSmith", "Anna\\nSmith"), ("\u{1B}[2JAnna", "\\u{1B}[2JAnna"),
    ("Anna\u{202E}htims", "Anna\\u{202E}htims"), ("O’Brien", "O’Brien"),
    ("حسن\u{200C}زاده", "حسن\u{200C}زاده"),
  ])
  func controlsAreEscaped(input: String, shown: String) {
    #expect(StoreError.visible(input) == shown)
  }
}
