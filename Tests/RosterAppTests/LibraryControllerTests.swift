import Foundation
import RosterAppCore
import RosterBackend
import RosterKit
import RosterStore
import Testing

@MainActor
@Suite struct LibraryControllerTests {
  private func temporaryDatabase() -> String {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("roster-app-tests-\(UUID().uuidString).sqlite3").path
  }

  @Test func anEmptyStoreGetsTheCLIsDefaultList() throws {
    let library = try LibraryController(storage: MemoryStorage())
    #expect(library.current.title == RosterList.defaultTitle)
    #expect(library.summaries.map(\.title) == [RosterList.defaultTitle])
  }

  @Test func createRenameDeleteAndUndoTheDeletion() throws {
    let library = try LibraryController(storage: MemoryStorage())
    let party = try library.createList(title: " Party ", rule: .text)
    #expect(library.current === party)
    #expect(party.title == "Party")
    try library.renameCurrent(to: "Summer Party")
    #expect(library.summaries.map(\.title) == ["Names", "Summer Party"])
    let toast = try library.deleteCurrent()
    #expect(toast == "Deleted list “Summer Party”")
    #expect(library.summaries.map(\.title) == ["Names"])
    #expect(library.current.title == "Names")
    library.undoDeletion()
    #expect(library.current.title == "Summer Party")
    #expect(library.summaries.count == 2)
    _ = try library.deleteCurrent()
    library.commitDeletion()
    #expect(try library.storage.lists().map(\.title) == ["Names"])
  }

  @Test func aBadPatternIsRefusedWithTheRegexError() {
    #expect(throws: RosterError.self) { try LibraryController.rule(.pattern, pattern: "[") }
  }

  @Test func changesAreSavedAndOtherWritersChangesArrive() throws {
    let path = temporaryDatabase()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let library = try LibraryController(storage: SQLiteStore(path: path))
    try library.current.append("Anna")
    let other = try SQLiteStore(path: path)
    let stored = try other.loadList(library.current.id)
    #expect(stored.entries.map(\.text) == ["Anna"])
    // Another process (the CLI) adds an entry; the next sync shows it.
    var changes: [ListChange] = []
    stored.addObserver { changes.append($0) }
    try stored.append("Kofi Mensah", category: "Work")
    for change in changes { try other.record(change, in: stored.id) }
    #expect(library.sync())
    #expect(library.current.entries.map(\.text) == ["Anna", "Kofi Mensah"])
    #expect(library.current.category(named: "Work") != nil)
    #expect(!library.sync())
  }
}
