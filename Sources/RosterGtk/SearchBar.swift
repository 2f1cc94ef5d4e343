import CGtk

/// A GtkSearchBar holding a GtkSearchEntry and any extra widgets (a category filter).
///
/// Hidden means gone from the accessibility tree: the bar is made invisible, not only folded.
public final class SearchBar: Widget {
  /// The search field.
  public let entry: Widget
  private let content = Box(spacing: 6)

  /// A hidden search bar with its field.
  public init() {
    entry = Widget(gtk_search_entry_new())
    super.init(gtk_search_bar_new())
    entry.setAccessibleLabel("Search")
    entry.expand(horizontally: true)
    content.append(entry)
    gtk_search_bar_set_child(opaque, content.widget)
    gtk_search_bar_connect_entry(opaque, entry.opaque)
    gtk_search_bar_set_show_close_button(opaque, 1)
    isVisible = false
  }

  /// Adds a widget after the search field.
  public func append(_ widget: Widget) { content.append(widget) }

  /// Whether the bar is showing (search mode); showing it makes it visible, hiding it hides it.
  public var isSearching: Bool {
    get { gtk_search_bar_get_search_mode(opaque) != 0 }
    set {
      if newValue { isVisible = true }
      gtk_search_bar_set_search_mode(opaque, newValue ? 1 : 0)
      if !newValue { isVisible = false }
    }
  }

  /// The search text.
  public var text: String {
    get { String(cString: gtk_editable_get_text(entry.opaque)) }
    set { gtk_editable_set_text(entry.opaque, newValue) }
  }

  /// Types `text` at the end of the field, as keystrokes do (setting ``text`` empties the field
  /// first, which GTK reports as a search of its own).
  public func appendText(_ text: String) {
    var position = Int32(gtk_editable_get_text(entry.opaque).map { strlen($0) } ?? 0)
    gtk_editable_insert_text(entry.opaque, text, Int32(text.utf8.count), &position)
    gtk_editable_set_position(entry.opaque, position)
  }

  /// Puts the field's caret at the end of its text.
  public func moveCaretToEnd() {
    gtk_editable_set_position(entry.opaque, -1)
  }

  /// The search text changed (after GTK's delay, 150 ms).
  public func onSearchChanged(_ handler: @escaping @MainActor () -> Void) {
    Signal.connect(entry.raw, "search-changed", handler)
  }

  /// The search text changed: at once, with each keystroke (GtkEditable's `changed`), for a
  /// caller that decides its own delay.
  public func onTextChanged(_ handler: @escaping @MainActor () -> Void) {
    Signal.connect(entry.raw, "changed", handler)
  }

  /// The person pressed Enter in the field.
  public func onActivate(_ handler: @escaping @MainActor () -> Void) {
    Signal.connect(entry.raw, "activate", handler)
  }

  /// Search mode turned on or off (Escape, the close button, typing).
  public func onModeChanged(_ handler: @escaping @MainActor () -> Void) {
    Signal.connect(raw, "notify::search-mode-enabled") { _ in handler() }
  }
}
