import CGtk

/// A GtkOverlay: a main child with other widgets drawn over it.
public final class Overlay: Widget {
  /// An overlay over `child`.
  public init(child: Widget) {
    super.init(gtk_overlay_new())
    gtk_overlay_set_child(opaque, child.widget)
  }

  /// Draws `child` over the main child, sized to it.
  public func addOverlay(_ child: Widget) {
    gtk_overlay_add_overlay(opaque, child.widget)
  }
}
