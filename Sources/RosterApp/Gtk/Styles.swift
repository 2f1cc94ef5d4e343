import CGtk
import RosterKit

/// The app's CSS: the badge shape, and one class per category colour with legible text.
@MainActor
enum Styles {
  private static let base = """
    .badge { border-radius: 6px; padding: 1px 8px; font-size: smaller; font-weight: bold; }
    .reason { color: @error_color; }
    .sidebar-count { font-feature-settings: "tnum"; }
    """
  private static var provider: UnsafeMutablePointer<GtkCssProvider>?
  private static var known: Set<CategoryColor> = []

  /// The CSS class of badges in `color`.
  static func className(for color: CategoryColor) -> String {
    "category-" + color.hex.dropFirst()
  }

  /// Installs the style sheet for the display, with classes for `colors` and the palette.
  static func install(_ colors: [CategoryColor] = []) {
    let new = Set(colors).union(CategoryColor.palette)
    guard provider == nil || !new.isSubset(of: known) else { return }
    known.formUnion(new)
    let provider = provider ?? gtk_css_provider_new()!
    var css = base
    for color in known.sorted(by: { $0.hex < $1.hex }) {
      let text = color.prefersWhiteText ? "white" : "black"
      css += "\n.\(className(for: color)) { background-color: \(color.hex); color: \(text); }"
    }
    gtk_css_provider_load_from_data(provider, css, -1)
    if self.provider == nil {
      gtk_style_context_add_provider_for_display(
        gdk_display_get_default(), OpaquePointer(provider),
        UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
      self.provider = provider
    }
  }
}
