import CGtk

/// A GtkCheckButton: a box to tick, with its label.
public final class CheckButton: Widget {
  /// An unticked check button labelled `label`.
  public init(label: String) {
    super.init(gtk_check_button_new_with_label(label))
  }

  /// A check button without a label: name it with ``Widget/setAccessibleLabel(_:)``.
  public init() {
    super.init(gtk_check_button_new())
  }

  /// Whether it is ticked.
  public var isActive: Bool {
    get { gtk_check_button_get_active(typed(GtkCheckButton.self)) != 0 }
    set { gtk_check_button_set_active(typed(GtkCheckButton.self), newValue ? 1 : 0) }
  }

  /// The text beside the box.
  public var label: String {
    get { gtk_check_button_get_label(typed(GtkCheckButton.self)).map { String(cString: $0) } ?? "" }
    set { gtk_check_button_set_label(typed(GtkCheckButton.self), newValue) }
  }

  /// Calls `handler` whenever it is ticked or unticked.
  public func onToggled(_ handler: @escaping @MainActor () -> Void) {
    Signal.connect(raw, "toggled", handler)
  }
}
