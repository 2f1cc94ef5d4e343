import CGtk

/// A GtkProgressBar: how much of a long job is done, with a line of text on it.
public final class ProgressBar: Widget {
  /// An empty bar; `name` is what a screen reader says.
  public init(name: String) {
    super.init(gtk_progress_bar_new())
    gtk_progress_bar_set_show_text(bar, 1)
    setAccessibleLabel(name)
  }

  private var bar: OpaquePointer { opaque }

  /// How much is done, from 0 to 1.
  public var fraction: Double {
    get { gtk_progress_bar_get_fraction(bar) }
    set { gtk_progress_bar_set_fraction(bar, min(1, max(0, newValue))) }
  }

  /// The text on the bar (`12,288 rows`); empty shows the percentage.
  public var text: String {
    get { gtk_progress_bar_get_text(bar).map { String(cString: $0) } ?? "" }
    set { gtk_progress_bar_set_text(bar, newValue.isEmpty ? nil : newValue) }
  }
}
