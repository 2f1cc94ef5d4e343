import Foundation
import RosterBackend
import RosterKit
import Testing

/// Every error the protocol promises, from every backend.
@Suite struct ErrorContractTests {
  @Test(arguments: Backend.all)
  func unknownListsAreNotFound(backend: Backend) throws {
    let storage = try backend.makeDatabase().open()
    let known = try storage.createList(title: "Guests", rule: .text)
    let change = try storage.loadList(known.id).append("Anna")
    let unknown = UUID()
    let calls: [(String, () throws(StoreError) -> Void)] = [
      ("loadList", { () throws(StoreError) in _ = try storage.loadList(unknown) }),
      ("snapshot", { () throws(StoreError) in _ = try storage.snapshot(of: unknown) }),
      (
        "firstEntries",
        { () throws(StoreError) in _ = try storage.firstEntries(in: unknown, limit: 1) }
      ),
      ("categories", { () throws(StoreError) in _ = try storage.categories(in: unknown) }),
      ("renameList", { () throws(StoreError) in try storage.renameList(unknown, to: "Other") }),
      ("deleteList", { () throws(StoreError) in try storage.deleteList(unknown) }),
      ("changes", { () throws(StoreError) in _ = try storage.changes(in: unknown, since: 0) }),
      ("undo", { () throws(StoreError) in _ = try storage.undo(in: unknown) }),
      ("redo", { () throws(StoreError) in _ = try storage.redo(in: unknown) }),
      (
        "record",
        { () throws(StoreError) in
          let edit = ListEdit.insert(change, offset: 0, after: nil)
          try storage.record(ListChange(origin: .action, edits: [edit]), in: unknown)
        }
      ),
    ]
    for (name, call) in calls {
      #expect(thrown(call) == .listNotFound, "\(name)")
    }
    #expect(try storage.lists().map(\.id) == [known.id])
  }

  @Test(arguments: Backend.all)
  func titlesAreUniqueAfterNormalizing(backend: Backend) throws {
    let storage = try backend.makeDatabase().open()
    let guests = try storage.createList(title: "Guests", rule: .text)
    let tasks = try storage.createList(title: "Tasks", rule: .text)
    #expect(
      thrown { () throws(StoreError) in try storage.createList(title: " Guests", rule: .text) }
        == .listExists)
    #expect(
      thrown { () throws(StoreError) in try storage.renameList(tasks.id, to: "Guests ") }
        == .listExists)
    #expect(try storage.lists().map(\.title) == ["Guests", "Tasks"])
    #expect(try storage.loadList(guests.id).title == "Guests")
  }

  @Test(arguments: Backend.all)
  func invalidTitlesAreRefused(backend: Backend) throws {
    let storage = try backend.makeDatabase().open()
    let guests = try storage.createList(title: "Guests", rule: .text)
    for title in ["", "   ", "Two\nlines", "Bell\u{7}"] {
      #expect(
        thrown { () throws(StoreError) in try storage.createList(title: title, rule: .text) }
          == .invalidTitle, "\(title.debugDescription)")
      #expect(
        thrown { () throws(StoreError) in try storage.renameList(guests.id, to: title) }
          == .invalidTitle, "\(title.debugDescription)")
    }
    #expect(try storage.lists().map(\.title) == ["Guests"])
  }
}
