import CGtk

/// A GtkLabel.
public final class Label: Widget {
  /// A label showing `text`, with these CSS classes.
  public init(_ text: String = "", classes: [String] = []) {
    super.init(gtk_label_new(text))
    for name in classes { addClass(name) }
  }

  /// The label's text.
  public var text: String {
    get { String(cString: gtk_label_get_text(opaque)) }
    set { gtk_label_set_text(opaque, newValue) }
  }

  /// Aligns the text to the start, and lets long text wrap.
  public func leading(wrap: Bool = false) {
    gtk_label_set_xalign(opaque, 0)
    gtk_label_set_wrap(opaque, wrap ? 1 : 0)
    if !wrap { gtk_label_set_ellipsize(opaque, PANGO_ELLIPSIZE_END) }
  }
}
