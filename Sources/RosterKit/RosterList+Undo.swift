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

extension RosterList {
  /// Takes back a change this list reported and a store then refused, so that the list shows
  /// only what is stored: the change's edits are inverted (those that no longer apply are
  /// skipped) and reported as ``ListChange/Origin/external``, and the undo history forgets
  /// it: an action's step (or its part of the typing step it joined) is dropped, an undo's
  /// step goes back to the undo stack, a redo's to the redo stack.
  ///
  /// ```swift
  /// do { try storage.record(change, in: list.id) } catch { list.takeBack(change) }
  /// ```
  /// Called by an observer while it hears of `change` (a store that refused it at once), it
  /// runs once every observer has heard of `change`, so that none hears the two out of order.
  /// - Parameters:
  ///   - change: The change as the list reported it.
  ///   - then: Called once the change is taken back (to say why, to refresh).
  /// - Returns: The report of what changed; empty when the take-back waits for the observers.
  /// - Complexity: O(k log n) for a change of k edits, plus O(s) for s undo steps searched.
  @discardableResult
  public func takeBack(_ change: ListChange, then: (() -> Void)? = nil) -> ListChange {
    if whenNotified({ [self] in _ = takeBack(change, then: then) }) {
      return ListChange(origin: .external, edits: [])
    }
    switch change.origin {
    case .action: history.forget(change.edits)
    case .undo: history.restoreUndone()
    case .redo: history.restoreRedone()
    case .external: break
    }
    let applied = performAll(inverting: change.edits)
    let report = ListChange(origin: .external, edits: applied)
    if applied.isEmpty { changed() }
    publish(report)
    then?()
    return report
  }
}
