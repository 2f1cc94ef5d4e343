import CGtk

/// A GtkMenuButton with an icon, opening a menu model.
final class MenuButton: Widget {
  /// A menu button showing `icon`; `name` is what a screen reader says and, with `tooltip`,
  /// the tooltip shows.
  init(icon: String, name: String, tooltip: Bool = true) {
    super.init(gtk_menu_button_new())
    gtk_menu_button_set_icon_name(opaque, icon)
    setAccessibleLabel(name)
    if tooltip { self.tooltip = name }
  }

  /// Sets the menu the button opens.
  func setMenu(_ menu: Menu) {
    gtk_menu_button_set_menu_model(opaque, menu.model)
  }

  /// Sets `menu` only when the button is first opened, so that a row made for a long list does
  /// not build its popover up front.
  func setMenuLazily(_ menu: Menu) {
    typealias Handler = @MainActor () -> Void
    let open: Handler = { [weak self] in self?.setMenu(menu) }
    let trampoline: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void = {
      _, data in
      nonisolated(unsafe) let box = Unmanaged<Retained<Handler>>.fromOpaque(data!)
        .takeUnretainedValue()
      MainActor.assumeIsolated { box.value() }
    }
    let release: GDestroyNotify = { Unmanaged<AnyObject>.fromOpaque($0!).release() }
    gtk_menu_button_set_create_popup_func(
      opaque, trampoline, Unmanaged.passRetained(Retained<Handler>(open)).toOpaque(), release)
  }

  /// Makes it the window's primary menu: F10 opens it.
  func setPrimary() { gtk_menu_button_set_primary(opaque, 1) }

  /// Makes the button flat (no frame).
  func setFlat() { gtk_menu_button_set_has_frame(opaque, 0) }
}

/// A GMenu: items naming actions, and sections.
@MainActor
final class Menu {
  nonisolated(unsafe) let menu: OpaquePointer

  init() {
    menu = g_menu_new()
  }

  deinit {
    g_object_unref(UnsafeMutableRawPointer(menu))
  }

  var model: UnsafeMutablePointer<GMenuModel> {
    UnsafeMutableRawPointer(menu).assumingMemoryBound(to: GMenuModel.self)
  }

  /// Adds an item for `action` (`row.move-up`, or `row.set-category::Family`).
  func append(_ label: String, action: String) {
    g_menu_append(menu, label, action)
  }

  /// Adds an item whose action takes a string parameter.
  func append(_ label: String, action: String, string: String) {
    let item = g_menu_item_new(label, nil)!
    g_menu_item_set_action_and_target_value(item, action, g_variant_new_string(string))
    g_menu_append_item(menu, item)
    g_object_unref(UnsafeMutableRawPointer(item))
  }

  /// Adds a section, with an optional heading.
  func append(section: Menu, label: String? = nil) {
    g_menu_append_section(menu, label, section.model)
  }

  /// Adds a submenu.
  func append(submenu: Menu, label: String) {
    g_menu_append_submenu(menu, label, submenu.model)
  }

  func removeAll() { g_menu_remove_all(menu) }
}
