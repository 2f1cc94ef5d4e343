import CGtk

/// A GtkMenuButton with an icon, opening a menu model.
public final class MenuButton: Widget {
  /// A menu button showing `icon`; `name` is what a screen reader says and, with `tooltip`,
  /// the tooltip shows.
  public init(icon: String, name: String, tooltip: Bool = true) {
    super.init(gtk_menu_button_new())
    gtk_menu_button_set_icon_name(opaque, icon)
    setAccessibleLabel(name)
    if tooltip { self.tooltip = name }
  }

  /// Sets the menu the button opens.
  public func setMenu(_ menu: Menu) {
    gtk_menu_button_set_menu_model(opaque, menu.model)
  }

  /// Sets `menu` only when the button is first opened, so that a row made for a long list does
  /// not build its popover up front.
  public func setMenuLazily(_ menu: Menu) {
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
  public func setPrimary() { gtk_menu_button_set_primary(opaque, 1) }

  /// Makes the button flat (no frame).
  public func setFlat() { gtk_menu_button_set_has_frame(opaque, 0) }
}
