import Foundation
import RosterBackend
import RosterKit
import Testing

/// The command line's add and edit (``RosterBackend/CommandStorage``), which work on the
/// store's rows without loading the list, place entries in a list kept sorted exactly as a
/// loaded ``RosterKit/RosterList`` does: RosterKit decides, the store records. The front end
/// does not branch on ``RosterKit/RosterList/keepSorted`` for either.
@Suite struct KeptSortedCommandContractTests {
  /// Compares texts case-blind, so that "anna" and "Anna" tie: ties show the order of arrival.
  struct CaseBlindCollation: Collating {
    func sortKey(for text: Substring) -> SortKey {
      ScalarCollation().sortKey(for: Substring(text.lowercased()))
    }
  }

  static let backends = [Backend.sqlite, Backend.postgres]
  static let orders = [
    EntryOrder(), EntryOrder(field: .lastWord, descending: true, locale: "de_DE"),
  ]

  @Test(arguments: backends, orders)
  func addAndEditPlaceAsTheLoadedListDoes(backend: Backend, order: EntryOrder) throws {
    let database = try backend.makeDatabase()
    let store = try #require(try database.open() as? any CommandStorage)
    let provider: (String) -> any Collating = { _ in CaseBlindCollation() }
    store.collationProvider = provider
    let id = try store.createList(title: "Class", rule: .text).id
    try store.add(["Carl Adams", "anna berg", "Bob Cole"], category: nil, to: id)
    let reference = try store.loadList(id)
    reference.collationProvider = provider
    try store.record(reference.setKeepSorted(order), in: id)

    func expectSame(_ step: String) throws {
      let stored = try database.open().loadList(id)
      #expect(stored.entries.map(\.text) == reference.entries.map(\.text), "\(step)")
    }
    try expectSame("sorted")
    for batch in [
      ["Anna Berg", "dora bell", "aaron cole"], ["Zed Zorn"],
      ["anna berg", "Ann Adams", "bob cole"],
    ] {
      let added = try store.add(batch, category: "New", to: id)
      try reference.append(contentsOf: batch, category: "New")
      #expect(added.map(\.text) == batch)
      try expectSame("added \(batch)")
    }
    for (position, text) in [
      (1, "Zoë Young"), (4, "aaa aaa"), (2, "Carl Adams"), (7, "carl adams"),
    ] {
      let target = reference[position - 1]
      let (old, new) = try store.updateText(of: .position(position), to: text, in: id)
      let edited = try reference.updateText(of: target.id, to: text)
      reference.endTyping()
      #expect(old.text == target.text)
      #expect(new.text == edited.text)
      try expectSame("edited #\(position) to \(text)")
    }
    // Each add and edit is one undo step, moves included.
    _ = try store.undo(in: id)
    reference.undo()
    try expectSame("undone")
  }
}
