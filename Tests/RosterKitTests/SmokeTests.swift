import Foundation
import RosterKit
import Testing

@Test func appendRemoveUndo() throws {
  let list = RosterList(title: "Guests", rule: .text)
  let anna = try list.append("Anna")
  try list.append("Bob")
  try list.remove(id: anna.id)
  #expect(list.count == 1)
  list.undo()
  #expect(list.entries.map(\.text) == ["Anna", "Bob"])
  #expect(list[0].id == anna.id)
}
