import CGtk
import CGtkShim

/// A GtkBox.
final class Box: Widget {
  init(vertical: Bool = false, spacing: Int32 = 0, role: GtkAccessibleRole? = nil) {
    let orientation = vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL
    if let role {
      super.init(roster_box_new_with_role(orientation, spacing, role))
    } else {
      super.init(gtk_box_new(orientation, spacing))
    }
  }

  /// Adds `children` at the end.
  func append(_ children: Widget...) {
    for child in children { gtk_box_append(typed(GtkBox.self), child.widget) }
  }
}
