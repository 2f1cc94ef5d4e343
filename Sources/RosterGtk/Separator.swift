import CGtk

/// A GtkSeparator: a thin line between two parts of a layout.
public final class Separator: Widget {
  /// A separator; `vertical` draws a vertical line (between side-by-side parts).
  public init(vertical: Bool) {
    super.init(gtk_separator_new(vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL))
  }
}
