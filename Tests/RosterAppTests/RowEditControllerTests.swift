import Foundation
import RosterAppCore
import RosterKit
import Testing

@MainActor
@Suite struct RowEditControllerTests {
  private func list(_ texts: String...) throws -> RosterList {
    let list = RosterList(title: "Guests")
    for text in texts { try list.append(text) }
    return list
  }

  @Test func typingIntoTheEmptyLastRowCreatesOneEntryThatKeepsSaving() throws {
    let list = try list("Anna")
    let editor = RowEditController(list: list)
    #expect(editor.typed("", in: .draft) == .pending)
    guard case .created(let entry) = editor.typed("K", in: .draft) else {
      Issue.record("no entry was created")
      return
    }
    #expect(editor.savesWhileTyping(.entry(entry.id)))
    for prefix in ["Kw", "Kwa", "Kwam", "Kwame"] {
      guard case .saved = editor.typed(prefix, in: .entry(entry.id)) else {
        Issue.record("typing \(prefix) did not save")
        return
      }
    }
    #expect(list.entries.map(\.text) == ["Anna", "Kwame"])
    #expect(list.entry(id: entry.id)?.text == "Kwame")
    // The whole typing run is one undo step: undo removes the new entry.
    list.undo()
    #expect(list.entries.map(\.text) == ["Anna"])
  }

  @Test func blankTextInTheEmptyLastRowCreatesNothing() throws {
    let list = try list("Anna")
    let editor = RowEditController(list: list)
    #expect(editor.typed("   ", in: .draft) == .pending)
    #expect(list.count == 1)
  }

  @Test func anEntryRowSavesOnlyOnCommitAndEscapeRestores() throws {
    let list = try list("Anna", "Bob")
    let anna = list[0].id
    let editor = RowEditController(list: list)
    #expect(editor.typed("Annabel", in: .entry(anna)) == .pending)
    #expect(list[0].text == "Anna")
    #expect(editor.cancel(.entry(anna)) == "Anna")
    guard case .saved(let saved) = editor.commit("Annabel", in: .entry(anna)) else {
      Issue.record("commit did not save")
      return
    }
    #expect(saved.text == "Annabel")
    #expect(list[0].id == anna)
  }

  @Test func aRefusedEditShowsTheReasonAndIsNotSaved() throws {
    let list = try list("Anna")
    let anna = list[0].id
    let editor = RowEditController(list: list)
    let reason = try #require(list.rule.validate(" ").refusal?.message)
    #expect(editor.typed(" ", in: .entry(anna)) == .refused(reason))
    #expect(editor.commit(" ", in: .entry(anna)) == .refused(reason))
    #expect(list[0].text == "Anna")
  }

  @Test func enterMovesToTheNextRowThenToTheEmptyLastRow() throws {
    let list = try list("Anna", "Bob")
    let editor = RowEditController(list: list)
    #expect(editor.enter("Anna", in: .entry(list[0].id)).focus == .entry(list[1].id))
    #expect(editor.enter("Bob", in: .entry(list[1].id)).focus == .draft)
    let (outcome, focus) = editor.enter("Chiara", in: .draft)
    guard case .created(let chiara) = outcome else {
      Issue.record("Enter in the empty last row did not create an entry")
      return
    }
    #expect(list.entry(id: chiara.id)?.text == "Chiara")
    #expect(focus == .draft)
    #expect(!editor.savesWhileTyping(.entry(chiara.id)))
  }

  @Test func backspaceInAnEmptyRowRemovesItAndGoesUp() throws {
    let list = try list("Anna", "Bob")
    let anna = list[0].id
    let bob = list[1].id
    let editor = RowEditController(list: list)
    #expect(editor.backspaceInEmptyRow(.draft) == .entry(bob))
    #expect(list.count == 2)
    #expect(editor.backspaceInEmptyRow(.entry(bob)) == .entry(anna))
    #expect(list.entries.map(\.text) == ["Anna"])
    #expect(editor.backspaceInEmptyRow(.entry(anna)) == nil)
    #expect(list.isEmpty)
    list.undo()
    #expect(list.entries.map(\.id) == [anna])
  }
}
