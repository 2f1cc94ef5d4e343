import Foundation
import RosterAppCore
import RosterKit
import Testing

@Suite struct SearchFilterTests {
  @Test func agreesWithRosterKitSearchEntryByEntry() throws {
    let list = RosterList(title: "Guests")
    for (name, category) in [
      ("Zoë Martin", "Family"), ("Anna", nil), ("ZOE", "Work"), ("Łukasz", "Family"),
    ] {
      try list.append(name, category: category)
    }
    for filter in [
      SearchFilter(query: "zoe"), SearchFilter(query: "zoe", category: "Family"),
      SearchFilter(category: "Family"), SearchFilter(query: "lukasz"), SearchFilter(query: "x"),
    ] {
      let oneByOne = list.entries.filter(filter.matches).map(\.id)
      #expect(filter.matches(in: list) == oneByOne, "\(filter)")
    }
  }

  @Test func blankShowsEverything() {
    #expect(SearchFilter(query: "  ").isEmpty)
    #expect(!SearchFilter(category: "Family").isEmpty)
  }
}
