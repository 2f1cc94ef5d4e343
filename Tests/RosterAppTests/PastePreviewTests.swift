import RosterAppCore
import RosterKit
import Testing

@MainActor
@Suite struct PastePreviewTests {
  @Test func sortsLinesIntoAddedRefusedAndDuplicates() throws {
    let list = RosterList(title: "Guests")
    try list.append("Zoë")
    let preview = PastePreview(pasted: "Anna\nR2D2\n\n  \nzoe\r\nBob\nanna\n", list: list)
    #expect(preview.lines.map(\.number) == [1, 2, 5, 6, 7])
    #expect(preview.lines[0].verdict == .add("Anna"))
    guard case .refused(let reason) = preview.lines[1].verdict else {
      Issue.record("R2D2 is not refused: \(preview.lines[1].verdict)")
      return
    }
    #expect(reason.contains("U+0032"))
    #expect(preview.lines[2].verdict == .duplicate("zoe"))
    #expect(preview.lines[3].verdict == .add("Bob"))
    #expect(preview.lines[4].verdict == .duplicate("anna"))
    #expect(preview.addCount == 4)
    #expect(preview.refusedCount == 1)
    #expect(preview.duplicateCount == 2)
    #expect(preview.confirmLabel == "Add 4 entries")
    #expect(preview.summary == "4 lines will be added; 1 is refused; 2 are duplicates.")
  }

  @Test func addsInOrderAsOneUndoStep() throws {
    let list = RosterList(title: "Guests")
    try list.append("Zoë")
    let added = PastePreview(pasted: "Anna\nR2D2\nBob\nChiara", list: list).add()
    #expect(added.map(\.text) == ["Anna", "Bob", "Chiara"])
    #expect(list.entries.map(\.text) == ["Zoë", "Anna", "Bob", "Chiara"])
    list.undo()
    #expect(list.entries.map(\.text) == ["Zoë"])
    list.redo()
    #expect(list.entries.map(\.text) == ["Zoë", "Anna", "Bob", "Chiara"])
  }

  @Test func labelsCountEntries() {
    let list = RosterList(title: "Guests")
    #expect(PastePreview(pasted: "Anna\n", list: list).confirmLabel == "Add 1 entry")
    #expect(PastePreview(pasted: "R2D2\nC3PO", list: list).confirmLabel == "Add 0 entries")
    #expect(PastePreview.isMultiline("Anna\nBob"))
    #expect(!PastePreview.isMultiline("Anna Bob"))
  }
}
