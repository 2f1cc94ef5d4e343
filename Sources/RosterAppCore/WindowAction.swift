/// The main window's actions (`win.…`), named once: the menus, the keyboard shortcuts, the
/// enabled states and the handlers all name an action by one of these keys, so a misspelled
/// action does not compile.
public enum WindowAction: String, CaseIterable, Hashable, Sendable {
  case newList = "new-list"
  case renameList = "rename-list"
  case deleteList = "delete-list"
  case importFile = "import"
  case export
  case undo
  case redo
  case categories
  case shortcuts
  case about
  case search
  case focusAdd = "focus-add"
  case print
  case printSignIn = "print-sign-in"
  case printRegister = "print-register"
  case sortAToZ = "sort-a-z"
  case sortZToA = "sort-z-a"
  case sortLastWordAToZ = "sort-last-word-a-z"
  case sortLastWordZToA = "sort-last-word-z-a"
  case keepSorted = "keep-sorted"
  case newSession = "new-session"
  case showSession = "show-session"

  /// The action's name in the window's action group.
  public var name: String { rawValue }

  /// The detailed name menus and accelerators use: `win.` and the name.
  public var detailed: String { "win." + rawValue }
}

/// An entry row's actions (`row.…`), for its context menu.
public enum RowAction: String, CaseIterable, Hashable, Sendable {
  case moveUp = "move-up"
  case moveDown = "move-down"
  case delete
  case setCategory = "set-category"
  case newCategory = "new-category"
  case setStatus = "set-status"
  case checkOut = "check-out"
  case clearAttendance = "clear-attendance"

  /// The action's name in the row's action group.
  public var name: String { rawValue }

  /// The detailed name menus use: `row.` and the name.
  public var detailed: String { "row." + rawValue }
}
