import CGtk

/// The application's CSS for the whole display, replaced in place when it changes.
@MainActor
public final class StyleSheet {
  private let provider: UnsafeMutablePointer<GtkCssProvider>

  /// An empty style sheet, installed for the default display above the theme.
  public init() {
    provider = gtk_css_provider_new()!
    gtk_style_context_add_provider_for_display(
      gdk_display_get_default(), OpaquePointer(provider),
      UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
  }

  /// Replaces the sheet's rules with `css`.
  public func load(_ css: String) {
    gtk_css_provider_load_from_data(provider, css, -1)
  }
}
