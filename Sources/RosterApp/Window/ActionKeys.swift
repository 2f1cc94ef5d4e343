import RosterAppCore
import RosterGtk

/// RosterGtk names actions by string, knowing nothing of Roster; the app names them only by
/// its typed keys (``WindowAction``, ``RowAction``), through these.
extension ActionGroup {
  /// Adds the window action `action`.
  func add(_ action: WindowAction, _ handler: @escaping @MainActor () -> Void) {
    add(action.name, handler)
  }

  /// Adds the window action `action`, with a string parameter.
  func add(_ action: WindowAction, string handler: @escaping @MainActor (String) -> Void) {
    add(action.name, string: handler)
  }

  /// Adds the window action `action` as a toggle, `on` at first.
  func addToggle(_ action: WindowAction, on: Bool, _ handler: @escaping @MainActor () -> Void) {
    addToggle(action.name, on: on, handler)
  }

  /// Enables or disables the window action `action`.
  func setEnabled(_ action: WindowAction, _ enabled: Bool) {
    setEnabled(action.name, enabled)
  }

  /// Turns the toggle `action` on or off.
  func setState(_ action: WindowAction, _ on: Bool) {
    setState(action.name, on)
  }

  /// Adds the row action `action`.
  func add(_ action: RowAction, _ handler: @escaping @MainActor () -> Void) {
    add(action.name, handler)
  }

  /// Adds the row action `action`, with a string parameter.
  func add(_ action: RowAction, string handler: @escaping @MainActor (String) -> Void) {
    add(action.name, string: handler)
  }

  /// Enables or disables the row action `action`.
  func setEnabled(_ action: RowAction, _ enabled: Bool) {
    setEnabled(action.name, enabled)
  }
}

extension Menu {
  /// Appends an item for the window action `action`.
  func append(_ label: String, action: WindowAction) {
    append(label, action: action.detailed)
  }

  /// Appends an item for the window action `action` with a string parameter.
  func append(_ label: String, action: WindowAction, string: String) {
    append(label, action: action.detailed, string: string)
  }

  /// Appends an item for the row action `action`.
  func append(_ label: String, action: RowAction) {
    append(label, action: action.detailed)
  }

  /// Appends an item for the row action `action` with a string parameter.
  func append(_ label: String, action: RowAction, string: String) {
    append(label, action: action.detailed, string: string)
  }
}
