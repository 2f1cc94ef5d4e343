import Foundation
import RosterAppCore
import RosterKit
import Testing

@MainActor
@Suite struct DeleteControllerTests {
  @Test func deletingOneNamesItAndUndoRestoresIdentityAndPlace() throws {
    let list = RosterList(title: "Guests")
    for name in ["Anna", "Bob", "Chiara"] { try list.append(name) }
    let bob = list[1]
    let deleter = DeleteController(list: list)
    #expect(deleter.delete([bob.id]) == "Deleted “Bob”")
    #expect(list.entries.map(\.text) == ["Anna", "Chiara"])
    list.undo()
    #expect(list[1] == bob)
  }

  @Test func deletingSeveralIsOneStepAndCountsThem() throws {
    let list = RosterList(title: "Guests")
    for name in ["Anna", "Bob", "Chiara", "Dawit"] { try list.append(name) }
    let before = list.entries.map(\.id)
    let deleter = DeleteController(list: list)
    #expect(deleter.delete([list[2].id, list[1].id, UUID()]) == "Deleted 2 entries")
    #expect(list.entries.map(\.text) == ["Anna", "Dawit"])
    list.undo()
    #expect(list.entries.map(\.id) == before)
    list.redo()
    #expect(list.count == 2)
  }

  @Test func deletingNothingShowsNoToast() {
    let deleter = DeleteController(list: RosterList(title: "Empty"))
    #expect(deleter.delete([UUID()]) == nil)
  }
}
