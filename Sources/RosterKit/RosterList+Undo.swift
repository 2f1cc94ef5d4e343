extension RosterList {
  /// Whether there is an action to undo.
  public var canUndo: Bool {
    access(keyPath: Self.revisionKey)
    return history.undoCount > 0
  }

  /// Whether there is an undone action to redo.
  public var canRedo: Bool {
    access(keyPath: Self.revisionKey)
    return !history.redoSteps.isEmpty
  }

  /// Undoes the last action, restoring the entries' ids, texts, categories and positions.
  ///
  /// - Returns: The report of what changed, or `nil` when there was nothing to undo.
  /// - Complexity: O(k log n) for an action of k edits; O(n) for a sort.
  @discardableResult
  public func undo() -> ListChange? {
    guard let step = history.popUndo() else { return nil }
    let applied = performAll(inverting: step.edits)
    history.pushRedo(UndoHistory.Step(edits: step.edits, typing: nil))
    return publish(ListChange(origin: .undo, edits: applied))
  }

  /// Redoes the last undone action.
  ///
  /// - Returns: The report of what changed, or `nil` when there was nothing to redo.
  /// - Complexity: O(k log n) for an action of k edits; O(n) for a sort.
  @discardableResult
  public func redo() -> ListChange? {
    guard let step = history.popRedo() else { return nil }
    let applied = performAll(step.edits)
    history.pushUndo(UndoHistory.Step(edits: applied, typing: nil))
    return publish(ListChange(origin: .redo, edits: applied))
  }
}
