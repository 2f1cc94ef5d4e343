import Foundation
import RosterBackend
import RosterKit
import Testing

/// Where a replayed insert lands when its anchor is gone: at its offset among the other
/// entries, clamped to the end, as ``RosterKit/RosterList/apply(_:)`` puts it in a window.
@Suite struct PlacementContractTests {
  @Test(arguments: Backend.all)
  func aMoveOfTheLastEntryPastTheEndStaysAtTheEnd(backend: Backend) throws {
    let database = try backend.makeDatabase()
    let storage = try database.open()
    let id = try storage.createList(title: "Guests", rule: .text).id
    let list = try storage.openRecording(id)
    for name in ["Anna", "Bob"] { try list.append(name) }
    let last = try list.append("Carl")
    let window = try database.open().loadList(id)
    // A move whose anchor another window deleted meanwhile, to an offset past the end.
    let move: [ListEdit] = [
      .remove(last, offset: 2, after: list[1].id), .insert(last, offset: 5, after: UUID()),
    ]
    try storage.record(ListChange(origin: .action, edits: move), in: id)
    window.apply(move)
    #expect(window.entries.map(\.text) == ["Anna", "Bob", "Carl"])
    let stored = try database.open().loadList(id)
    #expect(Contents(stored) == Contents(window))
  }
}
