import Foundation

/// The undo and redo stacks of a ``RosterList``: each step is one user action's edits.
struct UndoHistory {
  /// One user action.
  struct Step {
    var edits: [ListEdit]
    /// The entry being typed into, while this step may still absorb more typing.
    var typing: UUID?
  }

  /// Steps kept before the oldest are forgotten, so memory stays bounded.
  static let limit = 1_000

  private(set) var undoSteps: [Step] = []
  private(set) var redoSteps: [Step] = []

  /// Records an action; typing into the entry the last step was typing into joins that step.
  mutating func record(_ edits: [ListEdit], coalescing key: UUID?) {
    redoSteps.removeAll()
    if let key, let last = undoSteps.last, last.typing == key, edits.allSatisfy(isTextUpdate) {
      undoSteps[undoSteps.count - 1].edits.append(contentsOf: edits)
      return
    }
    undoSteps.append(Step(edits: edits, typing: key))
    if undoSteps.count > Self.limit { undoSteps.removeFirst(undoSteps.count - Self.limit) }
  }

  /// Ends the typing run: the next text change starts a new step.
  mutating func seal() {
    if !undoSteps.isEmpty { undoSteps[undoSteps.count - 1].typing = nil }
  }

  mutating func popUndo() -> Step? { undoSteps.popLast() }
  mutating func popRedo() -> Step? { redoSteps.popLast() }
  mutating func pushRedo(_ step: Step) { redoSteps.append(step) }
  mutating func pushUndo(_ step: Step) { undoSteps.append(step) }

  private func isTextUpdate(_ edit: ListEdit) -> Bool {
    if case .update(let old, let new) = edit { return old.category == new.category }
    return false
  }
}
