import RosterLocalization

/// The app's keyboard shortcuts, listed once: the app binds the accelerators of actions from it
/// and builds the shortcuts window (Ctrl+?) from it, so the two cannot drift apart.
///
/// Accelerators are in GTK's syntax (`<Control><Shift>z`).
public struct ShortcutTable: Hashable, Sendable {
  /// One line of the shortcuts window.
  public struct Shortcut: Hashable, Sendable {
    /// What the shortcut does, as the window says it.
    public var title: String
    /// Its accelerators, the main one first.
    public var accelerators: [String]
    /// The detailed action the app binds them to (`win.undo`), or `nil` when a widget handles
    /// the keys itself (a row's Alt+Up, a list's Delete).
    public var action: String?

    /// A shortcut doing `title` with `accelerators`, bound to the window's `action` when
    /// there is one.
    public init(_ title: String, _ accelerators: [String], action: WindowAction? = nil) {
      self.title = title
      self.accelerators = accelerators
      self.action = action?.detailed
    }

    /// A shortcut bound to one of GTK's own actions (`window.close`).
    public init(_ title: String, _ accelerators: [String], gtkAction: String) {
      self.title = title
      self.accelerators = accelerators
      self.action = gtkAction
    }
  }

  /// A titled group of the shortcuts window.
  public struct Group: Hashable, Sendable {
    /// The group's heading.
    public var title: String
    /// Its shortcuts, in order.
    public var shortcuts: [Shortcut]

    /// A group headed `title`.
    public init(title: String, shortcuts: [Shortcut]) {
      self.title = title
      self.shortcuts = shortcuts
    }
  }

  /// The groups, in the order the window shows them.
  public var groups: [Group]

  /// A table of `groups`.
  public init(groups: [Group]) {
    self.groups = groups
  }

  /// Every shortcut bound to an action, with its action and accelerators, in table order.
  /// - Complexity: O(n) in the number of shortcuts.
  public var bindings: [(action: String, accelerators: [String])] {
    groups.flatMap(\.shortcuts).compactMap { shortcut in
      shortcut.action.map { ($0, shortcut.accelerators) }
    }
  }

  /// Roster's shortcuts.
  public static let roster = ShortcutTable(groups: [
    Group(
      title: localized("Lists"),
      shortcuts: [
        Shortcut(localized("New list"), ["<Control>n"], action: .newList),
        Shortcut(localized("Search"), ["<Control>f"], action: .search),
        Shortcut(localized("Add field"), ["<Control>l"], action: .focusAdd),
        Shortcut(localized("Categories"), ["<Control>k"], action: .categories),
        Shortcut(localized("Print"), ["<Control>p"], action: .print),
        Shortcut(localized("Main menu"), ["F10"]),
        Shortcut(localized("Keyboard shortcuts"), ["<Control>question"], action: .shortcuts),
        Shortcut(localized("Close the window"), ["<Control>w"], gtkAction: "window.close"),
      ]),
    Group(
      title: localized("Entries"),
      shortcuts: [
        Shortcut(localized("Undo"), ["<Control>z"], action: .undo),
        Shortcut(localized("Redo"), ["<Control><Shift>z", "<Control>y"], action: .redo),
        Shortcut(localized("Sort the list A–Z"), ["<Control><Shift>s"], action: .sortAToZ),
        Shortcut(localized("Delete the selected entries"), ["Delete"]),
        Shortcut(localized("Move the entry up"), ["<Alt>Up"]),
        Shortcut(localized("Move the entry down"), ["<Alt>Down"]),
        Shortcut(localized("Commit the edit and go to the next row"), ["Return"]),
        Shortcut(localized("Cancel the edit, then select the row"), ["Escape"]),
        Shortcut(localized("Remove an empty row and go up"), ["BackSpace"]),
        Shortcut(localized("Select more rows"), ["<Control>space"]),
      ]),
  ])
}
