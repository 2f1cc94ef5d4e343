public import Foundation
public import RosterKit

/// Recording, undo and redo, with the SQL engines' semantics
/// (`EntryHistoryStore+Recording.swift`): one shared history per list, whose steps are exactly
/// those RosterKit forms.
extension MemoryStorage {
  /// Stores one front-end change and remembers it for undo:
  ///
  /// - `.action` changes become an undo step and clear the redo stack, except that one which
  ///   ``RosterKit/ListChange/joinsPreviousStep`` joins this connection's newest step;
  /// - `.undo` and `.redo` changes (a front end's own ``RosterKit/RosterList/undo()``) move
  ///   this connection's newest step between the stacks: other writers' steps stay;
  /// - `.external` changes came from the store and are not stored again.
  /// - Returns: The change-log position after the change.
  /// - Throws: ``StoreError/listNotFound(_:)``, or ``StoreError/listExists(_:)`` when the
  ///   change retitles the list to another list's title (nothing is stored).
  /// - Complexity: O(k log n) for k edits.
  @discardableResult
  public func record(_ change: ListChange, in list: UUID) throws(StoreError) -> Int64 {
    try database.transaction(by: connection) { () throws(StoreError) in
      try recording(change, in: try database.list(list)).position
    }
  }

  /// Stores one action under a client-made operation id, exactly once: an operation recorded
  /// before is not recorded again.
  /// - Returns: The updates and removals skipped because their entry is gone, one per entry.
  /// - Throws: As ``record(_:in:)``.
  /// - Complexity: O(k log n) for k edits.
  @discardableResult
  public func record(_ change: ListChange, in list: UUID, operation: UUID) throws(StoreError)
    -> [ListEdit]
  {
    try database.transaction(by: connection) { () throws(StoreError) in
      let stored = try database.list(list)
      guard !database.operations.contains(operation) else { return [] }
      let applied = try recording(change, in: stored).applied
      database.operations.insert(operation)
      database.changed = true
      let touched = Set(applied.compactMap(\.entryID))
      var reported: Set<UUID> = []
      return change.edits.filter { edit in
        switch edit {
        case .update(_, let entry), .remove(let entry, _, _):
          !touched.contains(entry.id) && reported.insert(entry.id).inserted
        case .insert, .categories, .title, .keepSorted: false
        }
      }
    }
  }

  /// Undoes the newest step of the list's undo stack, whichever connection made it, by
  /// identity: edits to entries deleted since are skipped. The step moves to the redo stack as
  /// applied.
  /// - Returns: The edits as applied, or `nil` when there is nothing to undo.
  /// - Throws: ``StoreError/listNotFound(_:)``, or ``StoreError/listExists(_:)`` when it would
  ///   retitle the list to another list's title (nothing changes).
  /// - Complexity: O(k log n) for a step of k edits.
  public func undo(in list: UUID) throws(StoreError) -> [ListEdit]? {
    try database.transaction(by: connection) { () throws(StoreError) in
      let stored = try database.list(list)
      guard let step = stored.undo.last else { return nil }
      let applied = try apply(Self.inverse(of: step.edits), in: stored)
      stored.undo.removeLast()
      push(Self.inverse(of: applied), on: \.redo, of: stored)
      log(applied, in: stored)
      return applied
    }
  }

  /// Redoes the newest step of the list's redo stack; it moves back to the undo stack as
  /// applied.
  /// - Returns: The edits as applied, or `nil` when there is nothing to redo.
  /// - Throws: As ``undo(in:)``.
  /// - Complexity: O(k log n) for a step of k edits.
  public func redo(in list: UUID) throws(StoreError) -> [ListEdit]? {
    try database.transaction(by: connection) { () throws(StoreError) in
      let stored = try database.list(list)
      guard let step = stored.redo.last else { return nil }
      let applied = try apply(step.edits, in: stored)
      stored.redo.removeLast()
      push(applied, on: \.undo, of: stored)
      log(applied, in: stored)
      return applied
    }
  }

  // MARK: Inside a transaction

  /// Stores a front-end change, as ``record(_:in:)`` describes: its position and its edits as
  /// applied (none for an external or empty change, which logs nothing).
  private func recording(_ change: ListChange, in stored: MemoryList) throws(StoreError) -> (
    position: Int64, applied: [ListEdit]
  ) {
    guard change.origin != .external, !change.edits.isEmpty else { return (stored.position, []) }
    let applied = try apply(change.edits, in: stored)
    switch change.origin {
    case .action, .external:
      pushUndo(applied, in: stored, joiningTop: change.joinsPreviousStep)
    case .undo:
      if let own = stored.undo.lastIndex(where: { $0.writer == writerID }) {
        stored.undo.remove(at: own)
      }
      push(Self.inverse(of: applied), on: \.redo, of: stored)
    case .redo:
      if let own = stored.redo.lastIndex(where: { $0.writer == writerID }) {
        stored.redo.remove(at: own)
      }
      push(applied, on: \.undo, of: stored)
    }
    return (log(applied, in: stored), applied)
  }

  /// Applies a user action the store makes itself (a rename): its edits, an undo step and a
  /// change-log row, none when nothing applied.
  func act(_ edits: [ListEdit], in stored: MemoryList) throws(StoreError) {
    let applied = try apply(edits, in: stored)
    guard !applied.isEmpty else { return }
    pushUndo(applied, in: stored, joiningTop: false)
    log(applied, in: stored)
  }

  /// Applies `edits` to the stored list by ``MemoryList/replay(_:)``, after refusing a title
  /// another list has.
  /// - Throws: ``StoreError/listExists(_:)``, having changed nothing.
  private func apply(_ edits: [ListEdit], in stored: MemoryList) throws(StoreError)
    -> [ListEdit]
  {
    for case .title(_, let new) in edits {
      try database.refuseTaken(new, by: stored.contents.id)
    }
    database.changed = true
    return stored.replay(edits)
  }

  /// Clears the redo stack and pushes `edits` as a step of this connection, or, `joiningTop`,
  /// appends them to this connection's newest step (another writer's may be above it).
  private func pushUndo(_ edits: [ListEdit], in stored: MemoryList, joiningTop: Bool) {
    stored.redo.removeAll()
    if joiningTop, let own = stored.undo.lastIndex(where: { $0.writer == writerID }) {
      stored.undo[own].edits += edits
      return
    }
    push(edits, on: \.undo, of: stored)
  }

  /// Pushes a step of this connection's, unless `edits` is empty, and drops the stack's oldest
  /// steps beyond ``Database/undoLimit``.
  private func push(
    _ edits: [ListEdit], on stack: ReferenceWritableKeyPath<MemoryList, [MemoryList.Step]>,
    of stored: MemoryList
  ) {
    guard !edits.isEmpty else { return }
    stored[keyPath: stack].append(MemoryList.Step(writer: writerID, edits: edits))
    let excess = stored[keyPath: stack].count - Database.undoLimit
    if excess > 0 { stored[keyPath: stack].removeFirst(excess) }
  }

  /// Appends a change-log row of `edits` (even none: the position moves, as on the SQL
  /// engines) and prunes the log to its last ``Database/changeLogLimit`` rows.
  /// - Returns: The row's position.
  @discardableResult
  private func log(_ edits: [ListEdit], in stored: MemoryList) -> Int64 {
    stored.position += 1
    stored.log.append((stored.position, writerID, edits))
    let limit = Database.changeLogLimit
    if stored.log.count > limit {
      stored.pruned = stored.log[stored.log.count - limit - 1].position
    }
    // Dropped in batches, so that a write costs O(1) amortized.
    if stored.log.count >= 2 * limit { stored.log.removeFirst(stored.log.count - limit) }
    database.changed = true
    return stored.position
  }

  /// The edits that undo `edits`, in the order to apply them.
  static func inverse(of edits: [ListEdit]) -> [ListEdit] {
    edits.reversed().map(\.inverse)
  }
}
