import CGtk

/// A GtkListItem handed to the factory's callbacks.
public struct ListItem {
  let raw: UnsafeMutableRawPointer

  init(_ raw: UnsafeMutableRawPointer) {
    self.raw = raw
  }

  private var item: OpaquePointer { OpaquePointer(raw) }

  /// The row's item, or `nil` while unbound.
  public var modelItem: Item? {
    gtk_list_item_get_item(item).map { Item(raw: $0) }
  }

  /// Where the item is in the model.
  public var position: Int { Int(gtk_list_item_get_position(item)) }

  /// Sets the row widget.
  public func setChild(_ child: Widget) {
    gtk_list_item_set_child(item, child.widget)
  }

  /// Keeps `object` alive as long as the list item, under `key`.
  public func attach(_ object: AnyObject, key: String) {
    let release: GDestroyNotify = { Unmanaged<AnyObject>.fromOpaque($0!).release() }
    g_object_set_data_full(
      UnsafeMutablePointer(OpaquePointer(raw)), key, Unmanaged.passRetained(object).toOpaque(),
      release)
  }

  /// The object attached under `key`.
  public func attached<T: AnyObject>(_ key: String, as: T.Type) -> T? {
    g_object_get_data(UnsafeMutablePointer(OpaquePointer(raw)), key).map {
      Unmanaged<T>.fromOpaque($0).takeUnretainedValue()
    }
  }
}
