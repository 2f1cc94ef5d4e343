import Foundation
import RosterBackend
import RosterKit
import RosterTestSupport
import Testing

@testable import RosterStore

@Suite struct RoundTripTests {
  let temporary = TemporaryDatabase()

  /// Mirrors every change of `list` into `store`, as a front end does.
  func connect(_ list: RosterList, to store: SQLiteStore) {
    list.addObserver { change in
      do {
        try store.record(change, in: list.id)
      } catch {
        Issue.record("record failed: \(error)")
      }
    }
  }

  @Test func editsThroughRosterListSurviveAReload() throws {
    let store = try SQLiteStore(path: temporary.path)
    let summary = try store.createList(title: "Guests", rule: .text)
    let list = try store.loadList(summary.id)
    connect(list, to: store)
    let anna = try list.append("Anna")
    try list.append("Bob", category: "Family")
    try list.insert("Zoë", at: 0)
    try list.updateText(of: anna.id, to: "Anna Lindqvist")
    try list.move(id: anna.id, toOffset: 0)
    try list.setColor(CategoryColor(hex: "#123456")!, ofCategory: "Family")
    try list.rename(to: "Party")
    try list.append("Carl")
    try list.remove(id: list[1].id)

    let reloaded = try SQLiteStore(path: temporary.path).loadList(summary.id)
    #expect(Array(reloaded.entries) == Array(list.entries))
    #expect(reloaded.categories == list.categories)
    #expect(reloaded.title == "Party")
    #expect(try store.lists().map(\.count) == [list.count])
  }

  @Test func listsAreCreatedRenamedAndDeleted() throws {
    let store = try SQLiteStore(path: temporary.path)
    let names = try store.createList(title: "Names", rule: .personalName)
    let codes = try store.createList(title: "Codes", rule: try .pattern("^[A-Z]{3}$"))
    #expect(throws: StoreError.self) { try store.createList(title: "Names", rule: .text) }
    try store.renameList(codes.id, to: "Courses")
    #expect(try store.lists().map(\.title) == ["Names", "Courses"])
    #expect(try store.list(titled: "Courses")?.rule == (try .pattern("^[A-Z]{3}$")))
    try store.deleteList(names.id)
    #expect(try store.lists().map(\.title) == ["Courses"])
  }

  @Test func singleEntryActionsWorkWithoutLoading() throws {
    let store = try SQLiteStore(path: temporary.path)
    let list = try store.createList(title: "Names", rule: .text).id
    let added = try store.add(["A", "B", "C", "D"], category: "X", to: list)
    try store.move(.position(4), toPosition: 1, in: list)
    try store.move(.id(added[0].id), toPosition: 4, in: list)
    _ = try store.updateText(of: .position(2), to: "Bee", in: list)
    let prefix = String(added[2].id.uuidString.lowercased().prefix(8))
    _ = try store.remove([.prefix(prefix)], from: list)
    #expect(try store.loadList(list).entries.map(\.text) == ["D", "Bee", "A"])
    #expect(try store.categoryUsage(in: list).map(\.count) == [3])
    #expect(throws: StoreError.self) { try store.move(.position(1), toPosition: 4, in: list) }
    #expect(throws: StoreError.self) { try store.add(["ok", " "], to: list) }
  }

  @Test func newFilesArePrivate() throws {
    let nested = temporary.folder.appendingPathComponent("a/b/roster.sqlite3").path
    _ = try SQLiteStore(path: nested)
    let attributes = try FileManager.default.attributesOfItem(atPath: nested)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let folder = try FileManager.default.attributesOfItem(
      atPath: (nested as NSString).deletingLastPathComponent)
    #expect((folder[.posixPermissions] as? Int) == 0o700)
  }

  @Test func defaultPathFollowsTheEnvironment() {
    #expect(SQLiteStore.defaultPath(environment: ["ROSTER_DB": "/x/db"]) == "/x/db")
    #expect(
      SQLiteStore.defaultPath(environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"])
        == "/d/roster/roster.sqlite3")
    #expect(
      SQLiteStore.defaultPath(environment: ["HOME": "/h"])
        == "/h/.local/share/roster/roster.sqlite3")
  }
}
