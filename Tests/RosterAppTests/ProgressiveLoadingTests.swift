import Foundation
import RosterAppCore
import RosterBackend
import RosterKit
import RosterStore
import Testing

/// A long list opens as a preview of its first rows; the whole list, loaded meanwhile, takes
/// its place — nothing is recorded against the preview, and nothing is lost.
@MainActor
@Suite struct ProgressiveLoadingTests {
  private func temporaryDatabase() -> String {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("roster-app-tests-\(UUID().uuidString).sqlite3").path
  }

  @Test func thePreviewIsReadOnlyAndTheWholeListReplacesIt() throws {
    let path = temporaryDatabase()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let writer = try SQLiteStore(path: path)
    let names = try writer.createList(title: "Names", rule: .text)
    let other = try writer.createList(title: "Other", rule: .text)
    try writer.add((0..<30).map { "Name \($0)" }, to: names.id)

    // What the loading thread hands over first: the lists and the first rows.
    let store = try SQLiteStore(path: path)
    let summaries = try store.lists()
    let preview = RosterList(
      id: names.id, title: names.title, rule: names.rule,
      categories: try store.categories(in: names.id),
      entries: try store.firstEntries(in: names.id, limit: 5))
    let library = LibraryController(storage: store, summaries: summaries, preview: preview)
    #expect(library.isLoading)
    #expect(library.current === preview)
    #expect(library.current.entries.map(\.text) == (0..<5).map { "Name \($0)" })
    #expect(library.currentCount == 30)
    #expect(library.summaries.map(\.count) == [30, 0])

    // Nothing reaches the store, or changes the list shown, while the whole list loads.
    #expect(!library.sync())
    #expect(try library.open(other.id) === preview)
    #expect(throws: StoreError.self) { try library.createList(title: "New", rule: .text) }
    #expect(throws: StoreError.self) { try library.deleteCurrent() }
    library.noteCurrentChanged()
    #expect(library.summaries.map(\.count) == [30, 0])

    // Another writer adds before the whole list is read, and again after.
    try writer.add(["Early"], to: names.id)
    let whole = try store.snapshot(of: names.id)
    try writer.add(["Late"], to: names.id)

    library.finishLoading(whole.list, position: whole.position)
    #expect(!library.isLoading)
    #expect(library.current === whole.list)
    #expect(library.currentCount == 31)
    #expect(library.summaries.map(\.title) == ["Names", "Other"])

    // Edits are recorded from now on, and the other writer's later change arrives.
    try library.current.append("Mine")
    #expect(library.sync())
    let texts = library.current.entries.map(\.text)
    #expect(texts.count == 33)
    let last = Array(texts.suffix(3))
    #expect(last == ["Early", "Mine", "Late"] || last == ["Early", "Late", "Mine"])
    #expect(try writer.loadList(names.id).entries.map(\.text) == texts)
  }

  @Test func aGeneratedListsFirstRowsAreItsFirstEntries() throws {
    let storage = SampleStorage(count: 1_000)
    let summary = try #require(try storage.lists().first)
    #expect(summary.count == 1_000)
    let first = try storage.firstEntries(in: summary.id, limit: 10)
    let whole = try storage.snapshot(of: summary.id).list
    #expect(whole.count == 1_000)
    #expect(Array(whole.entries.prefix(10)) == first)
    #expect(try storage.lists().first?.count == 1_000)
  }

  @Test func theSwapSplicesOnlyTheRowsThatCanHaveWidgets() {
    // The usual case: the preview's 200 rows are the whole list's first; only the empty last
    // row is new, and no row past the preview is fetched.
    #expect(
      PreviewSwap.splice(shown: 1_000_000, covered: 200, unchanged: 200, whole: 1_000_001)
        == Splice(offset: 200, removed: 0, inserted: 1))
    // Another writer inserted at the top between the two reads: every covered row is replaced.
    #expect(
      PreviewSwap.splice(shown: 1_000_000, covered: 200, unchanged: 0, whole: 1_000_002)
        == Splice(offset: 0, removed: 200, inserted: 202))
    // Blank rows bound past the preview are covered too.
    #expect(
      PreviewSwap.splice(shown: 30_000, covered: 240, unchanged: 200, whole: 30_001)
        == Splice(offset: 200, removed: 40, inserted: 41))
    // The whole list turned out much shorter: everything from the first change goes.
    #expect(
      PreviewSwap.splice(shown: 1_000_000, covered: 200, unchanged: 5, whole: 11)
        == Splice(offset: 5, removed: 999_995, inserted: 6))
    // Applied to the rows shown, each leaves the whole list's count.
    for (shown, covered, unchanged, whole) in [
      (1_000_000, 200, 200, 1_000_001), (50, 50, 10, 3), (30_000, 240, 0, 29_000),
    ] {
      let splice = PreviewSwap.splice(
        shown: shown, covered: covered, unchanged: unchanged, whole: whole)
      #expect(shown - splice.removed + splice.inserted == whole)
      #expect(splice.offset <= unchanged && splice.offset + splice.removed <= shown)
      #expect(splice.offset + splice.removed >= min(covered, shown))
    }
  }
}
