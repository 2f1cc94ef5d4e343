public import Foundation

/// A row of the editable list: an entry's, or the empty last row that turns into a new entry.
public enum RowID: Hashable, Sendable {
  /// The row of the entry with this id.
  case entry(UUID)
  /// The empty last row.
  case draft

  /// The entry's id, or `nil` for the empty last row.
  public var entryID: UUID? {
    if case .entry(let id) = self { return id }
    return nil
  }
}
