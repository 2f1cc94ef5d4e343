import CGtk
import CGtkShim

/// A GtkBox: children in a row or a column.
public final class Box: Widget {
  /// A box laying its children out in a row, or a column when `vertical`, `spacing` pixels
  /// apart; `role` is what it is to a screen reader, when not a plain container.
  public init(vertical: Bool = false, spacing: Int32 = 0, role: AccessibleRole? = nil) {
    let orientation = vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL
    if let role {
      super.init(roster_box_new_with_role(orientation, spacing, role.gtk))
    } else {
      super.init(gtk_box_new(orientation, spacing))
    }
  }

  /// Adds `children` at the end.
  public func append(_ children: Widget...) {
    for child in children { gtk_box_append(typed(GtkBox.self), child.widget) }
  }
}
