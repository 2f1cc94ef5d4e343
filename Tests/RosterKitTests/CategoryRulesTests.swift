import Foundation
import RosterKit
import Testing

/// The category rules as pure functions: the edits they make, whole, and their refusals.
@Suite struct CategoryRulesTests {
  let stamp = Date(timeIntervalSince1970: 1_700_000_000)
  let family = EntryCategory(name: "Family")
  let staff = EntryCategory(name: "Staff")

  func entry(_ n: UInt64, _ text: String, _ category: String?) -> Entry {
    Entry(
      id: SequentialIDs.id(n), text: text, category: category,
      created: Date(timeIntervalSince1970: 1))
  }

  @Test func namesAreNormalizedOnceAndBlankMeansNone() throws {
    #expect(try CategoryRules.normalizedName("  Family ") == "Family")
    #expect(try CategoryRules.normalizedName("   ") == nil)
    #expect(try CategoryRules.normalizedName(nil) == nil)
    #expect(throws: RosterError.self) { try CategoryRules.normalizedName("Two\nlines") }
  }

  @Test func aCategoryIsCreatedOnFirstUseOnly() {
    let rules = CategoryRules([family])
    #expect(rules.creating("Family").isEmpty)
    #expect(rules.creating(nil).isEmpty)
    #expect(rules.creating("Staff") == [.categories(old: [family], new: [family, staff])])
  }

  @Test func addingRefusesBlankAndTakenNames() throws {
    let rules = CategoryRules([family])
    let (category, edits) = try rules.adding(" Staff ")
    #expect(category == staff)
    #expect(edits == [.categories(old: [family], new: [family, staff])])
    #expect(throws: RosterError.categoryExists("Family")) { try rules.adding("Family ") }
    let blank = Rule.text.validate("  ").refusal!
    #expect(throws: RosterError.invalidCategoryName(blank)) { try rules.adding("  ") }
  }

  @Test func recolouringChangesOnlyTheColour() throws {
    let rules = CategoryRules([family, staff])
    let blue = try #require(CategoryColor(hex: "#1c71d8"))
    var blueStaff = staff
    blueStaff.color = blue
    #expect(
      try rules.settingColor(blue, of: "Staff")
        == [.categories(old: [family, staff], new: [family, blueStaff])])
    #expect(try rules.settingColor(staff.color, of: "Staff").isEmpty)
    #expect(throws: RosterError.categoryNotFound("Kin")) {
      try rules.settingColor(blue, of: "Kin")
    }
  }

  @Test func renamingMovesEveryCarrierAndKeepsTheColour() throws {
    let rules = CategoryRules([family, staff])
    let anna = entry(1, "Anna", "Family")
    var kin = family
    kin.name = "Kin"
    var renamed = anna
    renamed.category = "Kin"
    renamed.updated = stamp
    let edits = try rules.renaming("Family", to: " Kin ", carriers: [anna], at: stamp)
    #expect(
      edits == [
        .categories(old: [family, staff], new: [kin, staff]), .update(old: anna, new: renamed),
      ])
    #expect(try rules.renaming("Family", to: "Family", carriers: [anna], at: stamp).isEmpty)
    #expect(throws: RosterError.categoryExists("Staff")) {
      try rules.renaming("Family", to: "Staff", carriers: [anna], at: stamp)
    }
    #expect(throws: RosterError.categoryNotFound("Kin")) {
      try rules.renaming("Kin", to: "Family", carriers: [], at: stamp)
    }
  }

  @Test func removingLeavesCarriersWithoutACategory() throws {
    let rules = CategoryRules([family, staff])
    let bob = entry(2, "Bob", "Staff")
    var bare = bob
    bare.category = nil
    bare.updated = stamp
    #expect(
      try rules.removing("Staff", carriers: [bob], at: stamp)
        == [.update(old: bob, new: bare), .categories(old: [family, staff], new: [family])])
    #expect(throws: RosterError.categoryNotFound("Kin")) {
      try rules.removing("Kin", carriers: [], at: stamp)
    }
  }
}
