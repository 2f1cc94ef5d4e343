import CGtk
import CGtkShim
import Foundation

/// A custom GListModel (RosterListModel in CGtkShim) whose length and items come from Swift
/// closures, read on demand: nothing is copied into the model.
public final class ItemModel {
  /// The GListModel, for views to show.
  let model: OpaquePointer

  private final class Source {
    let count: () -> Int
    let item: (Int) -> Item
    init(count: @escaping () -> Int, item: @escaping (Int) -> Item) {
      self.count = count
      self.item = item
    }
  }

  /// Creates a model of `count()` items; `item(position)` returns the item at a position.
  public init(count: @escaping () -> Int, item: @escaping (Int) -> Item) {
    let nItems: RosterNItemsFunc = { data in
      let source = Unmanaged<Source>.fromOpaque(data!).takeUnretainedValue()
      return UInt32(clamping: source.count())
    }
    let getItem: RosterGetItemFunc = { data, position in
      let source = Unmanaged<Source>.fromOpaque(data!).takeUnretainedValue()
      guard Int(position) < source.count() else { return nil }
      return source.item(Int(position)).retained()
    }
    let release: GDestroyNotify = { data in
      Unmanaged<AnyObject>.fromOpaque(data!).release()
    }
    let source = Source(count: count, item: item)
    model = roster_list_model_new(
      nItems, getItem, Unmanaged.passRetained(source).toOpaque(), release)
  }

  deinit {
    g_object_unref(UnsafeMutableRawPointer(model))
  }

  /// Emits `items-changed`: at `position`, `removed` items were replaced by `added` items.
  public func itemsChanged(at position: Int, removed: Int, added: Int) {
    roster_list_model_items_changed(
      model, UInt32(position), UInt32(removed), UInt32(added))
  }
}
