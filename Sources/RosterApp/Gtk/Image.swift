import CGtk

/// A GtkImage showing a named icon.
final class Image: Widget {
  init(icon: String) {
    super.init(gtk_image_new_from_icon_name(icon))
  }
}
