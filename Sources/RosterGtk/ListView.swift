import CGtk
import CGtkShim

/// A GtkListView over an ``ItemModel``, with multiple selection, inside a scrolled window.
///
/// Row widgets are made once by `setup` and recycled by `bind`/`unbind`.
public final class ListView: Widget {
  /// The scrolled window holding the list: what goes into the layout.
  public let scroller: ScrolledWindow
  private let selection: OpaquePointer

  /// A list view showing `model`'s items, rows made by ``onRows(setup:bind:unbind:)``.
  public init(model: ItemModel) {
    g_object_ref(UnsafeMutableRawPointer(model.model))
    selection = gtk_multi_selection_new(model.model)
    let factory = gtk_signal_list_item_factory_new()!
    self.factory = UnsafeMutableRawPointer(factory)
    scroller = ScrolledWindow()
    super.init(gtk_list_view_new(selection, factory))
    g_object_ref(UnsafeMutableRawPointer(selection))
    scroller.setChild(self)
    scroller.expand(horizontally: true, vertically: true)
  }

  private let factory: UnsafeMutableRawPointer

  /// Rows: `setup` makes a row widget for a list item; `bind` and `unbind` attach it to an item;
  /// `teardown` sees the list item go, with its row.
  public func onRows(
    setup: @escaping @MainActor (ListItem) -> Void,
    bind: @escaping @MainActor (ListItem) -> Void,
    unbind: @escaping @MainActor (ListItem) -> Void,
    teardown: @escaping @MainActor (ListItem) -> Void = { _ in }
  ) {
    Signal.connect(factory, "setup") { setup(ListItem($0!)) }
    Signal.connect(factory, "bind") { bind(ListItem($0!)) }
    Signal.connect(factory, "unbind") { unbind(ListItem($0!)) }
    Signal.connect(factory, "teardown") { teardown(ListItem($0!)) }
  }

  /// The selected positions, ascending.
  public var selectedPositions: [Int] {
    let bitset = gtk_selection_model_get_selection(selection)!
    defer { gtk_bitset_unref(bitset) }
    let size = gtk_bitset_get_size(bitset)
    return (0..<size).map { Int(gtk_bitset_get_nth(bitset, UInt32($0))) }
  }

  /// Selects only `position`.
  public func select(_ position: Int) {
    gtk_selection_model_select_item(selection, UInt32(position), 1)
  }

  /// Clears the selection.
  public func unselectAll() { gtk_selection_model_unselect_all(selection) }

  /// Scrolls `position` into view.
  public func scroll(to position: Int) { roster_list_view_scroll_to(widget, UInt32(position)) }

  /// Scrolls to the very top.
  public func scrollToTop() { scroller.scrollToTop() }
}
