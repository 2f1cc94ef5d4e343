import CGtk

extension ActionGroup {
  /// Adds an on/off action (a check item in a menu), starting `on`; activating it calls
  /// `handler`, which sets the state it ends in with ``setState(_:_:)``.
  public func addToggle(_ name: String, on: Bool, _ handler: @escaping @MainActor () -> Void) {
    let action = g_simple_action_new_stateful(name, nil, g_variant_new_boolean(on ? 1 : 0))!
    Signal.connect(UnsafeMutableRawPointer(action), "activate") { _ in handler() }
    insert(name, action)
  }

  /// Sets the state of the on/off action `name` (its menu item's check mark).
  public func setState(_ name: String, _ on: Bool) {
    guard let action = actions[name] else { return }
    g_simple_action_set_state(action, g_variant_new_boolean(on ? 1 : 0))
  }
}
