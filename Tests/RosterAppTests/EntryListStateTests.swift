import Foundation
import RosterAppCore
import RosterKit
import Testing

@Suite struct EntryListStateTests {
  private func list(_ texts: String...) throws -> RosterList {
    let list = RosterList(title: "Guests")
    for text in texts { try list.append(text) }
    return list
  }

  @Test func normalShowsEveryEntryThenTheEmptyRow() throws {
    let list = try list("Anna", "Bob")
    let state = EntryListState()
    #expect(state.mode == .normal)
    #expect(state.count(in: list) == 3)
    #expect(state.slot(at: 1, in: list) == .entry(list[1].id))
    #expect(state.slot(at: 2, in: list) == .draft)
    #expect(state.position(of: .draft, in: list) == 2)
    #expect(state.position(of: .entry(list[0].id), in: list) == 0)
    #expect(state.entryID(at: 2, in: list) == nil)
    #expect(state.matches == nil && !state.isPreview)
  }

  @Test func aPreviewHasTheWholeCountOfRowsAndNoEmptyRow() throws {
    let preview = try list("Anna", "Bob")
    var state = EntryListState(previewTotal: 50_000)
    #expect(state.isPreview)
    #expect(state.count(in: preview) == 50_000)
    #expect(state.slot(at: 1, in: preview) == .entry(preview[1].id))
    #expect(state.slot(at: 2, in: preview) == .placeholder)
    #expect(state.position(of: .draft, in: preview) == nil)
    state.noteBlankRowBound(at: 9)
    state.noteBlankRowBound(at: 4)
    #expect(state.mode == .preview(total: 50_000, covered: 10))
    // Typing cannot start in a preview, nor can a search.
    state.beginConvertingDraft()
    #expect(state.isPreview)
  }

  @Test func finishingThePreviewKeepsSharedRowsAndGoesNormal() throws {
    let whole = try list("Anna", "Bob", "Chiara", "Dara")
    let preview = RosterList(
      id: whole.id, title: whole.title, rule: whole.rule, categories: [],
      entries: Array(whole.entries.prefix(2)))
    var state = EntryListState(previewTotal: 4)
    state.noteBlankRowBound(at: 2)
    let splice = state.finishPreview(of: preview, with: whole)
    #expect(state.mode == .normal)
    #expect(
      splice
        == PreviewSwap.splice(shown: 4, covered: 3, unchanged: 2, whole: 5))
    #expect(state.count(in: whole) == 5)
  }

  @Test func aSearchShowsOnlyMatchesAndAnEmptyOneEndsIt() throws {
    let list = try list("Anna", "Bob", "Hanna")
    var state = EntryListState()
    state.filter(SearchFilter(query: "ann"), in: list)
    #expect(state.matches == [list[0].id, list[2].id])
    #expect(state.count(in: list) == 2)
    #expect(state.slot(at: 1, in: list) == .entry(list[2].id))
    #expect(state.position(of: .entry(list[2].id), in: list) == 1)
    #expect(state.position(of: .entry(list[1].id), in: list) == nil)
    #expect(state.position(of: .draft, in: list) == nil)
    #expect(state.entryID(at: 1, in: list) == list[2].id)
    #expect(state.entryID(at: 2, in: list) == nil)
    // The empty row is not shown: typing into it cannot start.
    state.beginConvertingDraft()
    #expect(state.matches != nil)
    state.filter(SearchFilter(query: "  "), in: list)
    #expect(state.mode == .normal)
  }

  @Test func aSearchReplacesOnlyTheRowsBelowThoseShowingAnEntryBothTimes() throws {
    let list = try list("Anna", "Bob", "Hanna", "Joanna", "Carl")
    var state = EntryListState()
    // Five entries and the empty row, then three matches: the rows under the third go.
    #expect(
      state.filter(SearchFilter(query: "ann"), in: list)
        == Splice(offset: 3, removed: 3, inserted: 0))
    #expect(state.entryRows(in: list) == 3)
    // The query grows: one match left.
    #expect(
      state.filter(SearchFilter(query: "hann"), in: list)
        == Splice(offset: 1, removed: 2, inserted: 0))
    // The same search again changes nothing.
    #expect(state.filter(SearchFilter(query: "hann"), in: list) == nil)
    // A query matching more rows adds them under the one kept.
    #expect(
      state.filter(SearchFilter(query: "a"), in: list)
        == Splice(offset: 1, removed: 0, inserted: 3))
    // Every entry back, then the empty row.
    #expect(state.filter(SearchFilter(), in: list) == Splice(offset: 4, removed: 0, inserted: 2))
    #expect(state.entryRows(in: list) == 5)
    // Nothing to end: no change.
    #expect(state.filter(SearchFilter(query: " "), in: list) == nil)
    // No match: every row goes.
    #expect(
      state.filter(SearchFilter(query: "zz"), in: list)
        == Splice(offset: 0, removed: 6, inserted: 0))
  }

  @Test func aPreviewIsNotSearched() throws {
    let preview = try list("Anna", "Bob")
    var state = EntryListState(previewTotal: 10)
    #expect(state.filter(SearchFilter(), in: preview) == nil)
    #expect(state.entryRows(in: preview) == 2)
    #expect(state.count(in: preview) == 10)
  }

  @Test func searchResultsFollowRemovalsAndMatchingInsertions() throws {
    let list = try list("Anna", "Bob", "Hanna")
    let hanna = list[2]
    var state = EntryListState()
    state.filter(SearchFilter(query: "ann"), in: list)
    #expect(state.removeMatch(list[1].id) == nil)
    #expect(state.removeMatch(list[0].id) == Splice(offset: 0, removed: 1, inserted: 0))
    let joanna = try list.insert("Joanna", at: 1)
    #expect(state.insertMatch(joanna.id, in: list) == Splice(offset: 0, removed: 0, inserted: 1))
    let carl = try list.append("Carl")
    #expect(state.insertMatch(carl.id, in: list) == nil)
    #expect(state.matches == [joanna.id, hanna.id])
  }

  @Test func typingIntoTheEmptyRowMakesItTheNewEntry() throws {
    let list = try list("Anna")
    var state = EntryListState()
    var seen: [ListChange] = []
    list.addObserver { seen.append($0) }
    state.beginConvertingDraft()
    #expect(state.mode == .convertingDraft)
    #expect(state.count(in: list) == 2)
    let kofi = try list.append("Kofi")
    let update = state.update(for: try #require(seen.last), in: list)
    #expect(update.draftBecame == kofi.id)
    #expect(update.splice == Splice(offset: 2, removed: 0, inserted: 1))
    state.endConvertingDraft()
    #expect(state.mode == .normal)
  }

  @Test func outsideConversionAnAppendIsAnInsertion() throws {
    let list = try list("Anna")
    let state = EntryListState()
    var seen: [ListChange] = []
    list.addObserver { seen.append($0) }
    let kofi = try list.append("Kofi")
    let update = state.update(for: try #require(seen.last), in: list)
    #expect(update.draftBecame == nil)
    #expect(update.splice == Splice(offset: 1, removed: 0, inserted: 1))
    #expect(update.refreshed == [kofi.id])
  }

  @Test func anotherListResetsEveryMode() throws {
    let list = try list("Anna")
    for var state in [
      EntryListState(previewTotal: 9), EntryListState(),
    ] {
      state.filter(SearchFilter(), in: list)
      state.reset()
      #expect(state.mode == .normal)
    }
    var searching = EntryListState()
    searching.filter(SearchFilter(query: "a"), in: list)
    searching.reset()
    #expect(searching.mode == .normal)
  }
}
