import CGtk
import CGtkShim

/// A GtkButton with a label or an icon.
public final class Button: Widget {
  /// A button showing `label`.
  public init(label: String) {
    super.init(gtk_button_new_with_label(label))
  }

  /// An icon button; `name` is what a screen reader says and, with `tooltip`, the tooltip
  /// shows (tooltips are costly to set: list rows do without).
  public init(icon: String, name: String, tooltip: Bool = true) {
    super.init(gtk_button_new_from_icon_name(icon))
    setAccessibleLabel(name)
    if tooltip { self.tooltip = name }
  }

  /// The button's text.
  public var label: String {
    get { gtk_button_get_label(typed(GtkButton.self)).map { String(cString: $0) } ?? "" }
    set { gtk_button_set_label(typed(GtkButton.self), newValue) }
  }

  /// The action a click activates (`win.new-list`), as a GtkActionable: the button is
  /// insensitive while the action is disabled.
  public var actionName: String? {
    get { gtk_actionable_get_action_name(opaque).map { String(cString: $0) } }
    set { gtk_actionable_set_action_name(opaque, newValue) }
  }

  /// Calls `handler` on every click.
  public func onClicked(_ handler: @escaping @MainActor () -> Void) {
    Signal.connect(raw, "clicked", handler)
  }

  /// Clicks it as a person would (tests and keyboard paths).
  public func click() { roster_emit(raw, "clicked") }
}
