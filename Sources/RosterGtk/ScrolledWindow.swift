import CGtk

/// A GtkScrolledWindow that scrolls its child vertically only.
public final class ScrolledWindow: Widget {
  /// An empty scrolled window: no horizontal scrolling, a vertical scroll bar when needed.
  public init() {
    super.init(gtk_scrolled_window_new())
    gtk_scrolled_window_set_policy(opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
  }

  /// Puts `child` inside, replacing any previous child.
  public func setChild(_ child: Widget) {
    gtk_scrolled_window_set_child(opaque, child.widget)
  }

  /// Scrolls to the very top.
  public func scrollToTop() {
    if let adjustment = gtk_scrolled_window_get_vadjustment(opaque) {
      gtk_adjustment_set_value(adjustment, 0)
    }
  }

  /// Grows with its content up to `maxHeight` pixels, then scrolls (a dialog's list).
  public func fitContent(maxHeight: Int32) {
    gtk_scrolled_window_set_propagate_natural_height(opaque, 1)
    gtk_scrolled_window_set_max_content_height(opaque, maxHeight)
  }
}
