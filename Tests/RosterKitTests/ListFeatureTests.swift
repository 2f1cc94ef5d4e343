import Foundation
import Observation
import RosterKit
import Testing

@Suite struct ListFeatureTests {
  @Test func duplicatesAreAllowedAndDetectedLoosely() throws {
    let list = try makeList(["Zoë Saldaña", "Bob"])
    #expect(list.isDuplicate("zoe saldana"))
    #expect(list.isDuplicate("ＺＯＥ Saldana"))
    #expect(!list.isDuplicate("Zoey"))
    let twin = try list.append("Zoë Saldaña")
    #expect(list.count == 3)
    #expect(twin.id != list[0].id)
    try list.remove(id: twin.id)
    #expect(list[0].text == "Zoë Saldaña")
    #expect(!list.isDuplicate("Zoë Saldaña", excluding: list[0].id))
    try list.updateText(of: list[1].id, to: "Zoe Saldana")
    #expect(list.isDuplicate("Zoë Saldaña", excluding: list[0].id))
  }

  @Test func searchIgnoresCaseAndAccentsAndFiltersByCategory() throws {
    let list = try makeList()
    try list.append("Zoë", category: "Staff")
    try list.append("ZOE", category: "Guests")
    try list.append("Chloé", category: "Staff")
    #expect(list.search("zoe").map(\.entry.text) == ["Zoë", "ZOE"])
    #expect(list.search("zoe", category: "Staff").map(\.offset) == [0])
    #expect(list.search("", category: "Staff").map(\.entry.text) == ["Zoë", "Chloé"])
    #expect(list.search("xyz").map(\.offset).isEmpty)
  }

  @Test(arguments: [
    ("zoe", "Zoe\u{308} Saldaña", true), ("ZOE", "ｚｏｅ", true), ("saldana", "Zoë Saldaña", true),
    ("ñ", "Ñandú", true), ("n", "Ñandú", true), ("王", "王秀英", true), ("ΘΆΛ", "Θάλεια", true),
    ("anna", "Hanna", true), ("annas", "Hanna", false), ("é", "Chloe", true), ("x", "Ama", false),
  ])
  func searchFoldsLikeAPerson(query: String, text: String, matches: Bool) throws {
    let list = try makeList([text])
    #expect(list.search(query).map(\.offset) == (matches ? [0] : []))
  }

  @Test func newCategoriesGetAStablePaletteColour() throws {
    let list = try makeList()
    try list.append("Practical iOS 16", category: "UIKit")
    let color = try #require(list.category(named: "UIKit")).color
    #expect(color == CategoryColor.palette(for: "UIKit"))
    #expect(CategoryColor.palette.contains(color))
    try list.setColor(CategoryColor(hex: "#123456")!, ofCategory: "UIKit")
    #expect(list.category(named: "UIKit")?.color.hex == "#123456")
    #expect(throws: RosterError.categoryNotFound("Nope")) {
      try list.setColor(color, ofCategory: "Nope")
    }
    #expect(throws: RosterError.categoryExists("UIKit")) { try list.addCategory("UIKit") }
  }

  @Test(arguments: ["#1c71d8", "1C71D8", "#000000", "#ffffff"])
  func colourHexRoundTrips(hex: String) throws {
    let color = try #require(CategoryColor(hex: hex))
    #expect(color.hex == "#" + hex.lowercased().drop { $0 == "#" })
  }

  @Test(arguments: ["", "#12345", "#1234567", "#gg0000", "red"])
  func badColoursAreRejected(hex: String) {
    #expect(CategoryColor(hex: hex) == nil)
  }

  @Test func badgeTextColourFollowsContrast() {
    #expect(CategoryColor(hex: "#000000")!.prefersWhiteText)
    #expect(!CategoryColor(hex: "#ffffff")!.prefersWhiteText)
    #expect(!CategoryColor(hex: "#e5a50a")!.prefersWhiteText)
  }

  @Test func renameKeepsTheTitleValid() throws {
    let list = try makeList()
    try list.rename(to: "  Class 4B ")
    #expect(list.title == "Class 4B")
    #expect(throws: RosterError.self) { try list.rename(to: "  ") }
    list.undo()
    #expect(list.title == "Test")
  }

  @Test func bulkLoadKeepsOrderAndIdentity() throws {
    let ids = SequentialIDs()
    let entries = (0..<10_000).map {
      Entry(id: ids.make(), text: "n\($0)", created: Date(timeIntervalSince1970: 0))
    }
    let list = RosterList(title: "Big", rule: .text, entries: entries)
    #expect(list.count == 10_000)
    #expect(Array(list.entries) == entries)
    #expect(list.offset(of: entries[9_876].id) == 9_876)
    #expect(list[5_000] == entries[5_000])
  }
}

@Suite struct ObservationTests {
  @Test func readsOfTheEntriesAreTrackedAndMutationsNotify() throws {
    let list = try makeList(["Ama"])
    let fired = Flag()
    withObservationTracking {
      _ = list.count
      _ = list[0]
    } onChange: {
      fired.set()
    }
    try list.append("Kofi")
    #expect(fired.value)
  }

  @Test func titleChangesNotify() throws {
    let list = try makeList()
    let fired = Flag()
    withObservationTracking {
      _ = list.title
    } onChange: {
      fired.set()
    }
    try list.rename(to: "Class 4B")
    #expect(fired.value)
  }
}

/// A flag the observation callback (which must be Sendable) can set.
final class Flag: @unchecked Sendable {
  private(set) var value = false
  func set() { value = true }
}
