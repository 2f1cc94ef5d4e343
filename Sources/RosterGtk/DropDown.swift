import CGtk

/// A GtkDropDown of strings.
public final class DropDown: Widget {
  private var strings: OpaquePointer
  private var items: [String] = []
  private var isUpdating = false

  /// A drop-down of `items`; `name` is its tooltip and what a screen reader says.
  public init(_ items: [String], name: String) {
    strings = gtk_string_list_new(nil)
    super.init(gtk_drop_down_new(nil, nil))
    setItems(items)
    setAccessibleLabel(name)
    tooltip = name
  }

  /// Replaces the choices, keeping the selection when it is still there.
  public func setItems(_ items: [String]) {
    guard items != self.items else { return }
    self.items = items
    isUpdating = true
    defer { isUpdating = false }
    let old = selectedText
    strings = gtk_string_list_new(nil)
    for item in items { gtk_string_list_append(strings, item) }
    gtk_drop_down_set_model(opaque, strings)
    g_object_unref(UnsafeMutableRawPointer(strings))
    selected = items.firstIndex(of: old ?? "") ?? 0
  }

  /// The position of the chosen item.
  public var selected: Int {
    get { Int(gtk_drop_down_get_selected(opaque)) }
    set { gtk_drop_down_set_selected(opaque, UInt32(newValue)) }
  }

  /// Chooses the item at `index` without calling the ``onSelected(_:)`` handler: the
  /// program's choice, not the person's.
  public func selectQuietly(_ index: Int) {
    isUpdating = true
    selected = index
    isUpdating = false
  }

  /// The chosen item, if any.
  public var selectedText: String? {
    selected < items.count ? items[selected] : nil
  }

  /// Calls `handler` when the person chooses an item (not when ``setItems(_:)`` changes them).
  public func onSelected(_ handler: @escaping @MainActor () -> Void) {
    Signal.connect(raw, "notify::selected") { [weak self] _ in
      if self?.isUpdating == false { handler() }
    }
  }
}
