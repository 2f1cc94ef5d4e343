import RosterAppCore
import Testing

@Suite struct WindowStateTests {
  @Test func pagesFromCountAndSearch() {
    func page(_ count: Int, _ matches: Int?) -> WindowState.Page {
      WindowState(
        count: count, matchCount: matches, isLoading: false, canUndo: false, canRedo: false
      )
      .page
    }
    #expect(page(0, nil) == .empty)
    #expect(page(3, nil) == .list)
    #expect(page(3, 0) == .noResults)
    #expect(page(3, 2) == .list)
    // A search on an empty list says there are no results, not that the list is empty.
    #expect(page(0, 0) == .noResults)
  }

  @Test func subtitleCountsEntries() {
    func subtitle(_ count: Int) -> String {
      WindowState(count: count, matchCount: nil, isLoading: false, canUndo: false, canRedo: false)
        .subtitle
    }
    #expect(subtitle(0) == "0 entries")
    #expect(subtitle(1) == "1 entry")
    #expect(subtitle(1_000_000) == "1,000,000 entries")
  }

  @Test func offlineSaysSoAndHowManyChangesWait() {
    func state(_ waiting: Int?) -> WindowState {
      WindowState(
        count: 3, matchCount: 1, isLoading: false, canUndo: true, canRedo: false,
        offlineWaiting: waiting)
    }
    #expect(state(0).subtitle == "Offline — the server cannot be reached")
    #expect(state(1).subtitle == "Offline — 1 change waiting to be sent")
    #expect(state(1_200).subtitle == "Offline — 1,200 changes waiting to be sent")
    #expect(state(nil).subtitle == "1 of 3")
    // With a replica: where it stands, and since when.
    func replica(_ waiting: Int) -> String {
      WindowState(
        count: 3, matchCount: nil, isLoading: false, canUndo: false, canRedo: false,
        offlineWaiting: waiting, offlineAsOf: "19:02"
      ).subtitle
    }
    #expect(replica(0) == "Offline · as of 19:02")
    #expect(replica(1) == "Offline · 1 change waiting · as of 19:02")
    #expect(replica(3) == "Offline · 3 changes waiting · as of 19:02")
    // A door offline keeps its count in sight.
    let door = WindowState(
      count: 40, matchCount: nil, isLoading: false, canUndo: true, canRedo: false,
      offlineWaiting: 1, offlineAsOf: "19:02", attendance: "13 of 40 checked in · 11 inside")
    #expect(
      door.subtitle == "13 of 40 checked in · 11 inside · Offline · 1 change waiting · as of 19:02")
    // The open list stays editable; making and deleting lists waits for the server.
    #expect(state(2).enabledActions[.undo] == true)
    #expect(state(2).enabledActions[.renameList] == true)
    #expect(state(2).enabledActions[.newList] == false)
    #expect(state(2).enabledActions[.deleteList] == false)
    #expect(state(nil).enabledActions[.deleteList] == true)
  }

  @Test func searchSubtitleCountsMatchesOutOfAll() {
    func subtitle(_ count: Int, _ matches: Int) -> String {
      WindowState(
        count: count, matchCount: matches, isLoading: false, canUndo: false, canRedo: false
      ).subtitle
    }
    #expect(subtitle(1_000_000, 12) == "12 of 1,000,000")
    #expect(subtitle(1_234, 1_000) == "1,000 of 1,234")
    #expect(subtitle(5, 0) == "0 of 5")
  }

  @Test func undoAndRedoFollowTheListWhenEditable() {
    let state = WindowState(
      count: 2, matchCount: nil, isLoading: false, canUndo: true, canRedo: false)
    #expect(state.isEditable)
    #expect(state.enabledActions[.undo] == true)
    #expect(state.enabledActions[.redo] == false)
    for name in WindowState.editingActions { #expect(state.enabledActions[name] == true) }
  }

  @Test func nothingChangesTheListWhileItLoads() {
    let state = WindowState(
      count: 1_000_000, matchCount: nil, isLoading: true, canUndo: true, canRedo: true)
    #expect(!state.isEditable)
    #expect(state.enabledActions.count == WindowState.editingActions.count + 2)
    #expect(state.enabledActions.values.allSatisfy { !$0 })
  }
}
