import Foundation
import RosterBackend
import RosterKit
import RosterStore
import RosterTestSupport
import Testing

/// Exporting a list and importing the file into an empty list gives back the same entries —
/// ids, texts, order, categories — in both formats, including texts that look like formulas.
@Suite struct RoundTripTests {
  @Test(arguments: ["csv", "json"])
  func exportThenImportGivesTheSameList(format: String) throws {
    let t = try Transcript()
    let texts = [
      "Anna", "=1+2", "+Bob", "-Carl", "@Dora", "'=quoted", "''two", "'plain", "Zoë, \"Z\"",
      "O’Brien",
    ]
    try t.run("lists", "create", "Source", "--rule", "text")
    try t.run(["add", "--list", "Source", "--category", "Staff", "--"] + texts.prefix(5))
    try t.run(["add", "--list", "Source"] + texts.dropFirst(5))
    try t.run("mv", "#10", "1", "--list", "Source")
    let file = t.folder.appendingPathComponent("export.\(format)").path
    let export = try t.run("export", "--list", "Source", "-o", file)
    #expect(export.status == 0)
    try t.run("lists", "create", "Copy", "--rule", "text")
    let imported = try t.run("import", file, "--list", "Copy")
    #expect(imported.status == 0, "\(imported.stderr)")

    let store = try SQLiteStore(path: t.environment["ROSTER_DB"]!)
    let source = try store.loadList(try #require(try store.list(titled: "Source")).id)
    let copy = try store.loadList(try #require(try store.list(titled: "Copy")).id)
    #expect(copy.entries.map(\.id) == source.entries.map(\.id))
    #expect(copy.entries.map(\.text) == source.entries.map(\.text))
    #expect(copy.entries.map(\.category) == source.entries.map(\.category))
    #expect(Set(copy.entries.map(\.text)) == Set(texts))
    #expect(copy.categories.map(\.name) == source.categories.map(\.name))
  }
}
