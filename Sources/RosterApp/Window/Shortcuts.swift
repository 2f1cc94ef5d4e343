import RosterAppCore
import RosterGtk

/// The keyboard shortcuts window (Ctrl+?), from the app's one table of shortcuts.
@MainActor
enum Shortcuts {
  /// Shows ``ShortcutTable/roster`` over `parent`.
  static func present(parent: Widget) {
    let groups = ShortcutTable.roster.groups.map { group in
      (
        title: group.title,
        shortcuts: group.shortcuts.map {
          (title: $0.title, accelerator: $0.accelerators.joined(separator: " "))
        }
      )
    }
    ShortcutsWindow.present(groups, parent: parent)
  }
}
