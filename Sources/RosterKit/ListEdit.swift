public import Foundation

/// One primitive change to a ``RosterList``, as it happened.
///
/// Every user action is a short sequence of edits. Edits name entries by id and record both the
/// offset and the id of the entry before (`after`), so they can be replayed elsewhere — in the
/// database, in another process's window — where offsets may differ: an insert lands after its
/// anchor when the anchor exists, at the start when the anchor is `nil`.
public enum ListEdit: Hashable, Sendable, Codable {
  /// `entry` was inserted at `offset`, right after the entry `after` (`nil`: at the start).
  case insert(Entry, offset: Int, after: UUID?)
  /// `entry` was removed from `offset`, where it followed the entry `after`.
  case remove(Entry, offset: Int, after: UUID?)
  /// An entry's text or category changed from `old` to `new` (same id).
  case update(old: Entry, new: Entry)
  /// The list's categories changed.
  case categories(old: [EntryCategory], new: [EntryCategory])
  /// The list's title changed.
  case title(old: String, new: String)
  /// Whether and how the list keeps itself sorted changed (``RosterList/keepSorted``).
  case keepSorted(old: EntryOrder?, new: EntryOrder?)

  /// The edit that undoes this one.
  public var inverse: ListEdit {
    switch self {
    case .insert(let entry, let offset, let after): .remove(entry, offset: offset, after: after)
    case .remove(let entry, let offset, let after): .insert(entry, offset: offset, after: after)
    case .update(let old, let new): .update(old: new, new: old)
    case .categories(let old, let new): .categories(old: new, new: old)
    case .title(let old, let new): .title(old: new, new: old)
    case .keepSorted(let old, let new): .keepSorted(old: new, new: old)
    }
  }

  /// The id of the entry this edit touches, if it touches one.
  public var entryID: UUID? {
    switch self {
    case .insert(let entry, _, _), .remove(let entry, _, _): entry.id
    case .update(_, let new): new.id
    case .categories, .title, .keepSorted: nil
    }
  }
}
