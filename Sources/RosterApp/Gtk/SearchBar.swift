import CGtk

/// A GtkSearchBar holding a GtkSearchEntry and any extra widgets (a category filter).
///
/// Hidden means gone from the accessibility tree: the bar is made invisible, not only folded.
final class SearchBar: Widget {
  let entry: Widget
  private let content = Box(spacing: 6)

  init() {
    entry = Widget(gtk_search_entry_new())
    super.init(gtk_search_bar_new())
    entry.setAccessibleLabel("Search")
    entry.expand(horizontally: true)
    content.append(entry)
    gtk_search_bar_set_child(opaque, content.widget)
    gtk_search_bar_connect_entry(opaque, OpaquePointer(entry.widget))
    gtk_search_bar_set_show_close_button(opaque, 1)
    isVisible = false
  }

  /// Adds a widget after the search field.
  func append(_ widget: Widget) { content.append(widget) }

  var isSearching: Bool {
    get { gtk_search_bar_get_search_mode(opaque) != 0 }
    set {
      if newValue { isVisible = true }
      gtk_search_bar_set_search_mode(opaque, newValue ? 1 : 0)
      if !newValue { isVisible = false }
    }
  }

  var text: String {
    get { String(cString: gtk_editable_get_text(OpaquePointer(entry.widget))) }
    set { gtk_editable_set_text(OpaquePointer(entry.widget), newValue) }
  }

  /// The search text changed (after GTK's short delay).
  func onSearchChanged(_ handler: @escaping @MainActor () -> Void) {
    Signal.connect(entry.raw, "search-changed", handler)
  }

  /// Search mode turned on or off (Escape, the close button, typing).
  func onModeChanged(_ handler: @escaping @MainActor () -> Void) {
    Signal.connect(raw, "notify::search-mode-enabled") { _ in handler() }
  }
}
