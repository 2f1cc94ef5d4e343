import CGtk

/// A GtkImage showing a named icon.
public final class Image: Widget {
  /// An image of the icon named `icon` (`list-drag-handle-symbolic`).
  public init(icon: String) {
    super.init(gtk_image_new_from_icon_name(icon))
  }
}
