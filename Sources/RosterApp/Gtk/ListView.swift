import CGtk
import CGtkShim

/// A GtkListView over an ``ItemModel``, with multiple selection, inside a scrolled window.
///
/// Row widgets are made once by `setup` and recycled by `bind`/`unbind`.
final class ListView: Widget {
  /// The scrolled window holding the list: what goes into the layout.
  let scroller: Widget
  private let selection: OpaquePointer

  init(model: ItemModel) {
    g_object_ref(UnsafeMutableRawPointer(model.model))
    selection = gtk_multi_selection_new(model.model)
    let factory = gtk_signal_list_item_factory_new()!
    self.factory = UnsafeMutableRawPointer(factory)
    scroller = Widget(gtk_scrolled_window_new())
    super.init(gtk_list_view_new(selection, factory))
    g_object_ref(UnsafeMutableRawPointer(selection))
    gtk_scrolled_window_set_child(scroller.opaque, widget)
    gtk_scrolled_window_set_policy(scroller.opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    scroller.expand(horizontally: true, vertically: true)
  }

  private let factory: UnsafeMutableRawPointer

  /// Rows: `setup` makes a row widget for a list item; `bind` and `unbind` attach it to an item.
  func onRows(
    setup: @escaping @MainActor (ListItem) -> Void,
    bind: @escaping @MainActor (ListItem) -> Void,
    unbind: @escaping @MainActor (ListItem) -> Void
  ) {
    Signal.connect(factory, "setup") { setup(ListItem($0!)) }
    Signal.connect(factory, "bind") { bind(ListItem($0!)) }
    Signal.connect(factory, "unbind") { unbind(ListItem($0!)) }
  }

  /// The selected positions, ascending.
  var selectedPositions: [Int] {
    let bitset = gtk_selection_model_get_selection(selection)!
    defer { gtk_bitset_unref(bitset) }
    let size = gtk_bitset_get_size(bitset)
    return (0..<size).map { Int(gtk_bitset_get_nth(bitset, UInt32($0))) }
  }

  /// Selects only `position`.
  func select(_ position: Int) {
    gtk_selection_model_select_item(selection, UInt32(position), 1)
  }

  func unselectAll() { gtk_selection_model_unselect_all(selection) }

  /// Scrolls `position` into view.
  func scroll(to position: Int) { roster_list_view_scroll_to(widget, UInt32(position)) }

  /// Scrolls to the very top.
  func scrollToTop() {
    if let adjustment = gtk_scrolled_window_get_vadjustment(scroller.opaque) {
      gtk_adjustment_set_value(adjustment, 0)
    }
  }
}

/// A GtkListItem handed to the factory's callbacks.
struct ListItem {
  let raw: UnsafeMutableRawPointer

  init(_ raw: UnsafeMutableRawPointer) {
    self.raw = raw
  }

  private var item: OpaquePointer { OpaquePointer(raw) }

  /// The row's item, or `nil` while unbound.
  var modelItem: Item? {
    gtk_list_item_get_item(item).map { Item(raw: $0) }
  }

  /// Where the item is in the model.
  var position: Int { Int(gtk_list_item_get_position(item)) }

  /// Sets the row widget.
  func setChild(_ child: Widget) {
    gtk_list_item_set_child(item, child.widget)
  }

  /// Keeps `object` alive as long as the list item, under `key`.
  func attach(_ object: AnyObject, key: String) {
    let release: GDestroyNotify = { Unmanaged<AnyObject>.fromOpaque($0!).release() }
    g_object_set_data_full(
      UnsafeMutablePointer(OpaquePointer(raw)), key, Unmanaged.passRetained(object).toOpaque(),
      release)
  }

  /// The object attached under `key`.
  func attached<T: AnyObject>(_ key: String, as: T.Type) -> T? {
    g_object_get_data(UnsafeMutablePointer(OpaquePointer(raw)), key).map {
      Unmanaged<T>.fromOpaque($0).takeUnretainedValue()
    }
  }
}
