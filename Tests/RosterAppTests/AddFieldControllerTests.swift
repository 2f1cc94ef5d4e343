import RosterAppCore
import RosterKit
import Testing

@MainActor
@Suite struct AddFieldControllerTests {
  @Test func emptyFieldSaysNothingAndCannotAdd() {
    let field = AddFieldController(list: RosterList(title: "Guests"))
    #expect(!field.canAdd)
    #expect(field.reason == nil)
    #expect(field.warning == nil)
  }

  @Test func refusedTextShowsTheRulesReasonAndCannotAdd() {
    let list = RosterList(title: "Guests")
    let field = AddFieldController(list: list)
    field.text = "   "
    #expect(!field.canAdd)
    #expect(field.reason == list.rule.validate("   ").refusal?.message)
    #expect(field.add() == nil)
    #expect(list.isEmpty)
  }

  @Test func validTextAddsNormalizedAndClears() throws {
    let list = RosterList(title: "Guests")
    let field = AddFieldController(list: list)
    field.text = "  Łukasz  "
    #expect(field.canAdd)
    #expect(field.reason == nil)
    let entry = try #require(field.add())
    #expect(entry.text == "Łukasz")
    #expect(field.text == "")
    #expect(list.entries.map(\.text) == ["Łukasz"])
  }

  @Test(arguments: ["zoë", "ZOË", "Zoe"])
  func duplicateAddsWithAWarning(_ again: String) throws {
    let list = RosterList(title: "Guests")
    try list.append("Zoë")
    let field = AddFieldController(list: list)
    field.text = again
    #expect(field.canAdd)
    #expect(field.warning?.contains("already in the list") == true)
    #expect(field.add() != nil)
    #expect(list.count == 2)
  }
}
