public import Foundation
public import RosterBackend
public import RosterKit

/// Actions an app's outbox sends after being offline: each under the operation id the app made
/// when the action happened, so that sending it twice (a lost reply, an outbox replayed after a
/// crash) applies it once.
extension PostgresStore {
  /// Stores one action under `operation`, exactly once: when the `operations` table already
  /// holds that id (for this role), nothing is done again and nothing is reported.
  /// - Returns: The edits that no longer applied, their entry having been deleted meanwhile.
  /// - Throws: ``RosterBackend/StoreError/listNotFound(_:)`` when the list is gone, or as
  ///   ``record(_:in:)``.
  /// - Complexity: O(k log n) for k edits.
  @discardableResult
  public func record(_ change: ListChange, in list: UUID, operation: UUID) throws(StoreError)
    -> [ListEdit]
  {
    var skipped: [ListEdit] = []
    try write(operation: operation, replayed: ()) { () throws(StoreError) in
      let applied = try recording(change, in: list).applied
      skipped = Self.skipped(change.edits, applied: applied)
    }
    return skipped
  }

  /// The edits of `requested` aimed at an entry that `applied` no longer touches: updates and
  /// removals of entries that are gone, one per entry.
  static func skipped(_ requested: [ListEdit], applied: [ListEdit]) -> [ListEdit] {
    var touched: Set<UUID> = []
    for edit in applied {
      switch edit {
      case .insert(let entry, _, _), .remove(let entry, _, _): touched.insert(entry.id)
      case .update(_, let new): touched.insert(new.id)
      case .categories, .title, .keepSorted: break
      }
    }
    var reported: Set<UUID> = []
    return requested.filter { edit in
      let id: UUID
      switch edit {
      case .update(_, let new): id = new.id
      case .remove(let entry, _, _): id = entry.id
      case .insert, .categories, .title, .keepSorted: return false
      }
      return !touched.contains(id) && reported.insert(id).inserted
    }
  }
}
