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

  @Test func aListKeptSortedPlacesEachEntryAsOneAction() throws {
    let list = RosterList(title: "Guests")
    for name in ["Bob", "Dora", "Fritz"] { try list.append(name) }
    list.setKeepSorted(EntryOrder())
    var batch = EntryBatch(list: list)
    try batch.append("Erik", category: "Work")
    try batch.append("Anna")
    try batch.append("Carl", category: "Family")
    try batch.append("Gus")
    batch.commit()
    #expect(list.entries.map(\.text) == ["Anna", "Bob", "Carl", "Dora", "Erik", "Fritz", "Gus"])
    #expect(list.entry(at: 4)?.category == "Work")
    #expect(list.categories.map(\.name) == ["Work", "Family"])
    list.undo()
    #expect(list.entries.map(\.text) == ["Bob", "Dora", "Fritz"])
    #expect(list.categories.isEmpty)
  }

  @Test func pasteAndImportIntoAListKeptSortedGoToTheirPlaces() throws {
    let list = RosterList(title: "Guests")
    for name in ["Bob", "Dora"] { try list.append(name) }
    list.setKeepSorted(EntryOrder(descending: true))
    PastePreview(pasted: "Carl\nAnna\nEmil\n", list: list).add()
    #expect(list.entries.map(\.text) == ["Emil", "Dora", "Carl", "Bob", "Anna"])
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-batch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("more.csv").path
    try Data("text,category\nBea,Family\nFay,\n".utf8).write(to: URL(fileURLWithPath: path))
    try ImportPreview.read(path: path, into: list).run()
    #expect(list.entries.map(\.text) == ["Fay", "Emil", "Dora", "Carl", "Bob", "Bea", "Anna"])
    list.undo()
    #expect(list.entries.map(\.text) == ["Emil", "Dora", "Carl", "Bob", "Anna"])
  }

  @Test func refusesAsTheStoreDoes() throws {
    let list = RosterList(title: "Guests")
    let anna = try list.append("Anna")
    var batch = EntryBatch(list: list)
    func refusal(_ text: String, id: UUID? = nil) -> StoreError? {
      do {
        try batch.append(text, id: id)
        return nil
      } catch {
        return error
      }
    }
    func isDuplicate(_ error: StoreError?, of id: UUID) -> Bool {
      if case .duplicateEntry(id) = error { true } else { false }
    }
    #expect(isDuplicate(refusal("Ann", id: anna.id), of: anna.id))
    let id = UUID()
    #expect(refusal("Bob", id: id) == nil)
    #expect(isDuplicate(refusal("Bobby", id: id), of: id))
    let refused = refusal("R2D2")
    #expect({ if case .refused("R2D2", _) = refused { true } else { false } }())
    #expect(batch.entries.map(\.text) == ["Bob"])
  }
}
