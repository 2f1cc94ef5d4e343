import CGtk
import CGtkShim
public import Foundation

/// One row's item: an entry id, or the empty last row. Mutable, so that the empty last row's
/// item can become the new entry's without its row widget being rebound.
public final class Item {
  let item: OpaquePointer

  /// An item for the entry with this id, or for the empty last row when `nil`.
  public init(_ id: UUID?) {
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
  public var id: UUID? {
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
