import RosterAppCore
import Testing

@Suite struct ShortcutTableTests {
  private let shortcuts = ShortcutTable.roster.groups.flatMap(\.shortcuts)

  @Test func noAcceleratorIsUsedTwice() {
    let accelerators = shortcuts.flatMap(\.accelerators).map { $0.lowercased() }
    #expect(Set(accelerators).count == accelerators.count)
  }

  @Test func everyBoundActionIsListedWithAllItsAccelerators() {
    let bindings = ShortcutTable.roster.bindings
    #expect(!bindings.isEmpty)
    for binding in bindings {
      let listed = shortcuts.filter { $0.action == binding.action }
      #expect(listed.count == 1, "\(binding.action) listed once")
      #expect(listed.first?.accelerators == binding.accelerators)
      #expect(!binding.accelerators.isEmpty, "\(binding.action) has an accelerator")
      #expect(binding.accelerators.count <= 2, "GTK binds at most two here")
    }
  }

  @Test func redoListsCtrlYAndEveryLineHasATitle() {
    let redo = shortcuts.first { $0.action == "win.redo" }
    #expect(redo?.accelerators.contains("<Control>y") == true)
    #expect(shortcuts.allSatisfy { !$0.title.isEmpty && !$0.accelerators.isEmpty })
  }
}
