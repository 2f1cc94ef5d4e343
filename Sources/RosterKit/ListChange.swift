public import Foundation

/// A report of one action on a ``RosterList``: what changed, as splices and ids.
///
/// A GTK list model or a SwiftUI view applies the ``splices`` in order to update incrementally;
/// a store replays the ``edits`` in one transaction.
public struct ListChange: Hashable, Sendable {
  /// Why the list changed.
  public enum Origin: Hashable, Sendable {
    /// A mutation made through the list's API.
    case action
    /// ``RosterList/undo()``.
    case undo
    /// ``RosterList/redo()``.
    case redo
    /// ``RosterList/apply(_:)``: edits made elsewhere (another process, the database).
    case external
  }

  /// Why the list changed.
  public let origin: Origin
  /// The primitive edits, in the order they were applied, with the offsets they had then.
  public let edits: [ListEdit]
  /// The structural changes, in order; adjacent edits are merged.
  public let splices: [Splice]
  /// Whether this ``Origin/action`` joins the undo step before it (typing that goes on in the
  /// entry the last step typed into, or the empty last row's entry being typed on) instead of
  /// starting a step of its own.
  ///
  /// RosterKit's undo history alone decides where a step ends; a store that keeps the history
  /// (``RosterList/undo()`` in another process) keeps exactly the steps it forms by joining
  /// such a change to its top step.
  public let joinsPreviousStep: Bool

  /// Creates a report from the edits as applied.
  /// - Parameters:
  ///   - origin: Why the list changed.
  ///   - edits: The edits, in the order they were applied.
  ///   - joinsPreviousStep: Whether the action joined the undo step before it.
  public init(origin: Origin, edits: [ListEdit], joinsPreviousStep: Bool = false) {
    self.origin = origin
    self.edits = edits
    self.joinsPreviousStep = joinsPreviousStep && origin == .action
    // A single-entry action's one edit: its splice, without the merging loop.
    if edits.count == 1 {
      splices = Self.splice(of: edits[0]).map { [$0] } ?? []
      return
    }
    var splices: [Splice] = []
    for edit in edits {
      guard let next = Self.splice(of: edit) else { continue }
      // One allocation for the report, however many splices it keeps.
      if splices.isEmpty { splices.reserveCapacity(edits.count) }
      if let last = splices.last, let merged = last.merged(with: next) {
        splices[splices.count - 1] = merged
      } else {
        splices.append(next)
      }
    }
    self.splices = splices
  }

  /// The structural change of one edit, or `nil` for an edit that moves nothing.
  private static func splice(of edit: ListEdit) -> Splice? {
    switch edit {
    case .insert(_, let offset, _): Splice(offset: offset, removed: 0, inserted: 1)
    case .remove(_, let offset, _): Splice(offset: offset, removed: 1, inserted: 0)
    case .update, .categories, .title, .keepSorted: nil
    }
  }

  /// All ``splices`` as one splice over the range they touch, in the coordinates before the
  /// change; `nil` when nothing moved.
  ///
  /// A list model that has already reached its final state (as GTK's does when it is told) must
  /// announce a multi-part change as one, so that every item it reports is really there.
  public var combinedSplice: Splice? {
    guard var combined = splices.first else { return nil }
    for next in splices.dropFirst() {
      let start = min(combined.offset, next.offset)
      let end = max(combined.offset + combined.inserted, next.offset + next.removed)
      combined = Splice(
        offset: start,
        removed: end - start - combined.inserted + combined.removed,
        inserted: end - start - next.removed + next.inserted)
    }
    return combined
  }

  /// Ids of the entries inserted (including moved entries, which are removed then inserted).
  public var insertedIDs: [UUID] {
    edits.compactMap { if case .insert(let e, _, _) = $0 { e.id } else { nil } }
  }

  /// Ids of the entries removed (including moved entries).
  public var removedIDs: [UUID] {
    edits.compactMap { if case .remove(let e, _, _) = $0 { e.id } else { nil } }
  }

  /// Ids of entries whose text or category changed in place, without moving.
  public var updatedIDs: [UUID] {
    edits.compactMap { if case .update(_, let e) = $0 { e.id } else { nil } }
  }

  /// Whether the list's categories changed (badges may need repainting).
  public var categoriesChanged: Bool {
    edits.contains { if case .categories = $0 { true } else { false } }
  }

  /// Whether the list's keep-sorted setting changed.
  public var keepSortedChanged: Bool {
    edits.contains { if case .keepSorted = $0 { true } else { false } }
  }

  /// Whether the list's title changed.
  public var titleChanged: Bool {
    edits.contains { if case .title = $0 { true } else { false } }
  }
}
