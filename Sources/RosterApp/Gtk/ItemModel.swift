import CGtk
import CGtkShim
import Foundation

/// A custom GListModel (RosterListModel in CGtkShim) whose length and items come from Swift
/// closures, read on demand: nothing is copied into the model.
final class ItemModel {
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
  init(count: @escaping () -> Int, item: @escaping (Int) -> Item) {
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
  func itemsChanged(at position: Int, removed: Int, added: Int) {
    roster_list_model_items_changed(
      model, UInt32(position), UInt32(removed), UInt32(added))
  }
}

/// One row's item: an entry id, or the empty last row. Mutable, so that the empty last row's
/// item can become the new entry's without its row widget being rebound.
final class Item {
  let item: OpaquePointer

  init(_ id: UUID?) {
    if let id {
      item = withUnsafeBytes(of: id.uuid) { bytes in
        roster_item_new(bytes.baseAddress!.assumingMemoryBound(to: UInt8.self))
      }
    } else {
      item = roster_item_new(nil)
    }
  }

  /// Wraps an item GTK handed back, referencing it.
  init(raw: UnsafeMutableRawPointer) {
    item = OpaquePointer(raw)
    g_object_ref(raw)
  }

  deinit {
    g_object_unref(raw)
  }

  var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(item) }

  /// A new reference to the item, for a caller that takes ownership (`get_item`).
  func retained() -> UnsafeMutableRawPointer {
    g_object_ref(raw)
  }

  /// The entry's id, or `nil` for the empty last row.
  var id: UUID? {
    get {
      var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
      let found = withUnsafeMutableBytes(of: &bytes) { buffer in
        roster_item_get_uuid(item, buffer.baseAddress!.assumingMemoryBound(to: UInt8.self))
      }
      return found != 0 ? UUID(uuid: bytes) : nil
    }
    set {
      if let newValue {
        withUnsafeBytes(of: newValue.uuid) { bytes in
          roster_item_set_uuid(item, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
      } else {
        roster_item_set_uuid(item, nil)
      }
    }
  }
}
