import CGtk

/// A GtkToggleButton showing an icon: pressed in while ``isActive``.
public final class ToggleButton: Widget {
  /// A toggle button showing `icon`; `name` is what a screen reader says.
  public init(icon: String, name: String) {
    super.init(gtk_toggle_button_new())
    gtk_button_set_icon_name(typed(GtkButton.self), icon)
    setAccessibleLabel(name)
  }

  /// Whether the button is pressed in.
  public var isActive: Bool {
    get { gtk_toggle_button_get_active(typed(GtkToggleButton.self)) != 0 }
    set { gtk_toggle_button_set_active(typed(GtkToggleButton.self), newValue ? 1 : 0) }
  }
}
