import CGtk

/// A GtkListBox: a short list of row widgets (tens of rows), one of them selected.
public final class ListBox: Widget {
  /// An empty list box.
  public init() {
    super.init(gtk_list_box_new())
  }

  /// Adds `row` at the end (GTK wraps it in a GtkListBoxRow).
  public func append(_ row: Widget) {
    gtk_list_box_append(opaque, row.widget)
  }

  /// Removes every row.
  /// - Complexity: O(n).
  public func removeAll() {
    while let child = gtk_widget_get_first_child(widget) {
      gtk_list_box_remove(opaque, child)
    }
  }

  /// Selects the row at `index`, if there is one.
  public func select(_ index: Int) {
    guard let row = gtk_list_box_get_row_at_index(opaque, Int32(index)) else { return }
    gtk_list_box_select_row(opaque, row)
  }

  /// Calls `handler` with the index of each row selected, by the person or by ``select(_:)``.
  public func onRowSelected(_ handler: @escaping @MainActor (Int) -> Void) {
    Signal.connect(raw, "row-selected") { row in
      guard let row else { return }
      let index = gtk_list_box_row_get_index(row.assumingMemoryBound(to: GtkListBoxRow.self))
      if index >= 0 { handler(Int(index)) }
    }
  }
}
