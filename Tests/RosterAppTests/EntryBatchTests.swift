import Foundation
import RosterAppCore
import RosterBackend
import RosterKit
import Testing

@MainActor
@Suite struct EntryBatchTests {
  @Test func appendsAfterTheLastEntryAsOneAction() throws {
    let list = RosterList(title: "Guests")
    try list.append("Zoë")
    var batch = EntryBatch(list: list)
    try batch.append("Anna", category: "Family")
    try batch.append("Bob", category: "Family")
    try batch.append("Chiara", category: "Work")
    #expect(list.count == 1, "nothing changes before commit")
    batch.commit()
    #expect(list.entries.map(\.text) == ["Zoë", "Anna", "Bob", "Chiara"])
    #expect(list.categories.map(\.name) == ["Family", "Work"])
    list.undo()
    #expect(list.entries.map(\.text) == ["Zoë"])
    #expect(list.categories.isEmpty)
  }

  @Test func refusesAsTheStoreDoes() throws {
    let list = RosterList(title: "Guests")
    let anna = try list.append("Anna")
    var batch = EntryBatch(list: list)
    func refusal(_ text: String, id: UUID? = nil) -> String? {
      do {
        try batch.append(text, id: id)
        return nil
      } catch {
        return error.description
      }
    }
    let message = StoreError.duplicateEntry(anna.id).description
    #expect(refusal("Ann", id: anna.id) == message)
    let id = UUID()
    #expect(refusal("Bob", id: id) == nil)
    #expect(refusal("Bobby", id: id) == StoreError.duplicateEntry(id).description)
    #expect(refusal("R2D2")?.hasPrefix("“R2D2” refused:") == true)
    #expect(batch.entries.map(\.text) == ["Bob"])
  }
}
