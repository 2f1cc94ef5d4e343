import CGtk

/// A GSimpleActionGroup (or a window's action map) of named actions.
@MainActor
public final class ActionGroup {
  nonisolated(unsafe) let group: OpaquePointer
  var actions: [String: OpaquePointer] = [:]

  /// An empty group, to insert into a widget under a prefix (``Widget/insertActions(_:prefix:)``).
  public init() {
    group = OpaquePointer(g_simple_action_group_new())
  }

  /// Wraps an existing GActionMap (an application window), referencing it.
  init(map: UnsafeMutableRawPointer) {
    group = OpaquePointer(g_object_ref(map))
  }

  deinit {
    g_object_unref(UnsafeMutableRawPointer(group))
  }

  /// Adds an action without a parameter.
  public func add(_ name: String, _ handler: @escaping @MainActor () -> Void) {
    let action = g_simple_action_new(name, nil)!
    Signal.connect(UnsafeMutableRawPointer(action), "activate") { _ in handler() }
    insert(name, action)
  }

  /// Adds an action with a string parameter (`row.set-category::Family`).
  public func add(_ name: String, string handler: @escaping @MainActor (String) -> Void) {
    let action = g_simple_action_new(name, g_variant_type_checked_("s"))!
    Signal.connect(UnsafeMutableRawPointer(action), "activate") { parameter in
      guard let parameter else { return }
      let variant = OpaquePointer(parameter)
      handler(String(cString: g_variant_get_string(variant, nil)))
    }
    insert(name, action)
  }

  /// Enables or disables the action `name` (menu items and buttons for it grey out).
  public func setEnabled(_ name: String, _ enabled: Bool) {
    guard let action = actions[name] else { return }
    g_simple_action_set_enabled(action, enabled ? 1 : 0)
  }

  func insert(_ name: String, _ action: OpaquePointer) {
    g_action_map_add_action(group, action)
    actions[name] = action
    g_object_unref(UnsafeMutableRawPointer(action))
  }
}
