/// A structural change to a sequence: at ``offset``, ``removed`` items were replaced by
/// ``inserted`` items — the shape of GLib's `items-changed` signal.
public struct Splice: Hashable, Sendable, CustomStringConvertible {
  /// Where the change starts, in the positions before this splice.
  public var offset: Int
  /// How many items were removed at `offset`.
  public var removed: Int
  /// How many items were inserted at `offset`.
  public var inserted: Int

  /// Creates a splice.
  public init(offset: Int, removed: Int, inserted: Int) {
    self.offset = offset
    self.removed = removed
    self.inserted = inserted
  }

  /// `offset -removed +inserted`, for reading test failures.
  public var description: String { "@\(offset) -\(removed) +\(inserted)" }

  /// This splice followed by `next` as one splice, when the two touch.
  func merged(with next: Splice) -> Splice? {
    // Items inserted right after the ones this splice inserted.
    if next.removed == 0, next.offset == offset + inserted {
      return Splice(offset: offset, removed: removed, inserted: inserted + next.inserted)
    }
    // Removals at the same place (forward deletion) on a pure removal.
    if inserted == 0, next.inserted == 0, next.offset == offset {
      return Splice(offset: offset, removed: removed + next.removed, inserted: 0)
    }
    // Removals just before (backward deletion) on a pure removal.
    if inserted == 0, next.inserted == 0, next.offset + next.removed == offset {
      return Splice(offset: next.offset, removed: removed + next.removed, inserted: 0)
    }
    // Insertions at the place a pure removal happened: a replacement.
    if inserted == 0, next.removed == 0, next.offset == offset {
      return Splice(offset: offset, removed: removed, inserted: next.inserted)
    }
    return nil
  }
}
