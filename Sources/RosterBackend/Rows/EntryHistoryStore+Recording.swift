package import Foundation
package import RosterKit

/// Recording, undo and redo over ``EntryHistoryStore``'s primitives, the same on every engine.
/// ``SQLStorage``'s public `record(_:in:)`, `undo(in:)` and `redo(in:)` call these.
extension EntryHistoryStore {
  /// Stores one front-end change in one transaction and remembers it for undo; see
  /// ``recording(_:in:)``.
  /// - Returns: The change-log position after the change.
  /// - Complexity: O(k log n) for k edits.
  package func performRecord(_ change: ListChange, in list: UUID) throws(StoreError) -> Int64 {
    try write { () throws(StoreError) in try recording(change, in: list).position }
  }

  /// Stores one front-end change inside the caller's write transaction:
  ///
  /// - `.action` changes become an undo step and clear the redo stack, except that one which
  ///   ``RosterKit/ListChange/joinsPreviousStep`` joins this connection's top step: RosterKit
  ///   decides where a step ends, and the store keeps exactly its steps;
  /// - `.undo` and `.redo` changes (a front end's own ``RosterKit/RosterList/undo()``) move
  ///   this connection's own newest step between the stacks;
  /// - `.external` changes came from the store and are not stored again.
  /// - Returns: The change-log position after the change, and its edits as applied (none for
  ///   an external or empty change).
  /// - Complexity: O(k log n) for k edits.
  package func recording(_ change: ListChange, in list: UUID) throws(StoreError) -> (
    position: Int64, applied: [ListEdit]
  ) {
    let stored = try listForWriting(list)
    guard change.origin != .external, !change.edits.isEmpty else {
      return (try logPosition(of: stored), [])
    }
    let applied = try apply(change.edits, in: stored)
    switch change.origin {
    case .action, .external:
      try pushUndo(applied, in: stored, joiningTop: change.joinsPreviousStep)
    // A front end's undo and redo move its own newest step: another writer's steps stay.
    case .undo:
      _ = try pop(.undo, in: stored, writtenBy: UUIDText.string(writerID))
      try push(Self.inverse(of: applied), on: .redo, in: stored)
    case .redo:
      _ = try pop(.redo, in: stored, writtenBy: UUIDText.string(writerID))
      try push(applied, on: .undo, in: stored)
    }
    return (try log(applied, in: stored), applied)
  }

  /// Undoes the top step of the undo stack, by identity: edits to entries deleted since are
  /// skipped. The step moves to the redo stack as applied.
  /// - Returns: The edits as applied, or `nil` when there is nothing to undo.
  /// - Complexity: O(k log n) for a step of k edits.
  package func performUndo(in list: UUID) throws(StoreError) -> [ListEdit]? {
    try write { () throws(StoreError) in
      let stored = try listForWriting(list)
      guard let step = try pop(.undo, in: stored) else { return nil }
      let applied = try apply(Self.inverse(of: step), in: stored)
      try push(Self.inverse(of: applied), on: .redo, in: stored)
      _ = try log(applied, in: stored)
      return applied
    }
  }

  /// Redoes the top step of the redo stack; it moves back to the undo stack as applied.
  /// - Returns: The edits as applied, or `nil` when there is nothing to redo.
  /// - Complexity: O(k log n) for a step of k edits.
  package func performRedo(in list: UUID) throws(StoreError) -> [ListEdit]? {
    try write { () throws(StoreError) in
      let stored = try listForWriting(list)
      guard let step = try pop(.redo, in: stored) else { return nil }
      let applied = try apply(step, in: stored)
      try push(applied, on: .undo, in: stored)
      _ = try log(applied, in: stored)
      return applied
    }
  }

  /// Applies a user action: its edits, an undo step, a change-log row. Call inside `write`
  /// with the list read by ``listForWriting(_:)``.
  /// - Returns: The edits as applied (none logged when none applied).
  package func act(_ edits: [ListEdit], in list: ListRow) throws(StoreError) -> [ListEdit] {
    try remember(try apply(edits, in: list), in: list)
  }

  /// Makes edits already applied (``apply(_:in:)``) one user action: an undo step and a
  /// change-log row; nothing when there are none.
  /// - Returns: `applied`.
  package func remember(_ applied: [ListEdit], in list: ListRow) throws(StoreError)
    -> [ListEdit]
  {
    guard !applied.isEmpty else { return applied }
    try pushUndo(applied, in: list)
    _ = try log(applied, in: list)
    return applied
  }

  /// Records a new action for undo: clears the redo stack and pushes the action as a step of
  /// its own, or, when `joiningTop` (RosterKit joined it to the step before), appends it to
  /// the top step.
  ///
  /// The step joined is this connection's newest, as RosterKit's list (which keeps only its
  /// own steps) joins it, even when another writer's step came in between; a command-line
  /// run is always another writer, and never joins.
  package func pushUndo(_ edits: [ListEdit], in list: ListRow, joiningTop: Bool = false)
    throws(StoreError)
  {
    try clearStack(.redo, in: list)
    if joiningTop,
      let top = try topStep(of: .undo, in: list, writtenBy: UUIDText.string(writerID))
    {
      try replaceStep(top.step, with: try decode(top.edits) + edits)
      return
    }
    try push(edits, on: .undo, in: list)
  }

  // MARK: Internals

  private func push(_ edits: [ListEdit], on stack: HistoryStack, in list: ListRow)
    throws(StoreError)
  {
    guard !edits.isEmpty else { return }
    try appendStep(edits, to: stack, in: list)
  }

  /// Takes the top step off `stack`: its edits, or `nil` when the stack is empty.
  /// With `writer`, that writer's newest step.
  private func pop(_ stack: HistoryStack, in list: ListRow, writtenBy writer: String? = nil)
    throws(StoreError) -> [ListEdit]?
  {
    guard let top = try topStep(of: stack, in: list, writtenBy: writer) else { return nil }
    let edits = try decode(top.edits)
    try deleteStep(top.step)
    return edits
  }

  /// The edits that undo `edits`, in the order to apply them.
  private static func inverse(of edits: [ListEdit]) -> [ListEdit] {
    edits.reversed().map(\.inverse)
  }
}
