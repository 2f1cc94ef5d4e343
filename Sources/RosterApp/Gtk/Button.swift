import CGtk
import CGtkShim

/// A GtkButton with a label or an icon.
final class Button: Widget {
  init(label: String) {
    super.init(gtk_button_new_with_label(label))
  }

  /// An icon button; `name` is what a screen reader says and, with `tooltip`, the tooltip
  /// shows (tooltips are costly to set: list rows do without).
  init(icon: String, name: String, tooltip: Bool = true) {
    super.init(gtk_button_new_from_icon_name(icon))
    setAccessibleLabel(name)
    if tooltip { self.tooltip = name }
  }

  var label: String {
    get { gtk_button_get_label(typed(GtkButton.self)).map { String(cString: $0) } ?? "" }
    set { gtk_button_set_label(typed(GtkButton.self), newValue) }
  }

  func onClicked(_ handler: @escaping @MainActor () -> Void) {
    Signal.connect(raw, "clicked", handler)
  }

  /// Clicks it as a person would (tests and keyboard paths).
  func click() { roster_emit(raw, "clicked") }
}
