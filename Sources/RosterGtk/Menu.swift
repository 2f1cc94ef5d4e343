import CGtk

/// A GMenu: items naming actions, and sections.
@MainActor
public final class Menu {
  nonisolated(unsafe) let menu: OpaquePointer

  /// An empty menu.
  public init() {
    menu = g_menu_new()
  }

  deinit {
    g_object_unref(UnsafeMutableRawPointer(menu))
  }

  var model: UnsafeMutablePointer<GMenuModel> {
    UnsafeMutableRawPointer(menu).assumingMemoryBound(to: GMenuModel.self)
  }

  /// Adds an item for `action` (`row.move-up`, or `row.set-category::Family`).
  public func append(_ label: String, action: String) {
    g_menu_append(menu, label, action)
  }

  /// Adds an item whose action takes a string parameter.
  public func append(_ label: String, action: String, string: String) {
    let item = g_menu_item_new(label, nil)!
    g_menu_item_set_action_and_target_value(item, action, g_variant_new_string(string))
    g_menu_append_item(menu, item)
    g_object_unref(UnsafeMutableRawPointer(item))
  }

  /// Adds a section, with an optional heading.
  public func append(section: Menu, label: String? = nil) {
    g_menu_append_section(menu, label, section.model)
  }

  /// Adds a submenu.
  public func append(submenu: Menu, label: String) {
    g_menu_append_submenu(menu, label, submenu.model)
  }

  /// Removes every item.
  public func removeAll() { g_menu_remove_all(menu) }
}
