import RosterAppCore
import RosterKit
import Testing

/// The app's Sort menu without a display: the session's locale, one undo step per sort, and
/// Keep Sorted keeping the order last chosen.
@Suite struct SortControllerTests {
  private func list(_ texts: [String]) throws -> RosterList {
    let list = RosterList(title: "Class", rule: .text)
    for text in texts { try list.append(text) }
    return list
  }

  @Test func sortsByTheSessionsLocaleAsOneUndoStep() throws {
    let swedish = SortController(environment: ["LANG": "sv_SE.UTF-8"])
    let names = try list(["Östen", "Zoe", "Anna"])
    let a2z = try #require(SortController.commands.first { $0.action == .sortAToZ })
    #expect(swedish.perform(a2z, on: names) == "Sorted A–Z")
    #expect(names.entries.map(\.text) == ["Anna", "Zoe", "Östen"])
    #expect(swedish.perform(a2z, on: names) == "Already sorted A–Z")
    names.undo()
    #expect(names.entries.map(\.text) == ["Östen", "Zoe", "Anna"])

    let german = SortController(environment: ["LC_ALL": "de_DE.UTF-8", "LANG": "sv_SE.UTF-8"])
    german.perform(a2z, on: names)
    #expect(names.entries.map(\.text) == ["Anna", "Östen", "Zoe"])
  }

  @Test func keepSortedKeepsTheOrderLastChosenAndTheMenuChangesIt() throws {
    let sorting = SortController(environment: [:])
    let names = try list(["Bea Zander", "Carl Adams", "Anna Berg"])
    let byFamily = try #require(SortController.commands.first { $0.action == .sortLastWordAToZ })
    sorting.perform(byFamily, on: names)
    #expect(sorting.toggleKeepSorted(names).hasPrefix("Kept sorted A–Z by Last Word"))
    #expect(names.keepSorted == EntryOrder(field: .lastWord))
    #expect(names.moveRefusal != nil)
    let z2a = try #require(SortController.commands.first { $0.action == .sortZToA })
    sorting.perform(z2a, on: names)
    #expect(names.keepSorted == EntryOrder(descending: true))
    #expect(names.entries.map(\.text) == ["Carl Adams", "Bea Zander", "Anna Berg"])
    sorting.toggleKeepSorted(names)
    #expect(names.keepSorted == nil && names.moveRefusal == nil)
  }

  @Test func anUnknownLocaleFallsBackToTheRootCollation() {
    #expect(SortController(environment: ["LANG": "xx_YY.UTF-8"]).locale == "")
    #expect(SortController(environment: ["LANG": "C.UTF-8"]).locale == "")
  }
}
