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

  /// The undo steps are `undoBuffer[undoStart...]`: forgetting the oldest step moves the start
  /// instead of shifting a thousand steps down on every action past the limit, and the
  /// forgotten prefix is dropped once it is as long as the limit (amortized O(1)).
  private var undoBuffer: [Step] = []
  private var undoStart = 0
  private(set) var redoSteps: [Step] = []

  /// The undo steps, oldest first.
  var undoSteps: ArraySlice<Step> { undoBuffer[undoStart...] }

  /// Records an action; typing into the entry the last step was typing into joins that step.
  mutating func record(_ edits: [ListEdit], coalescing key: UUID?) {
    redoSteps.removeAll()
    if let key, undoBuffer.count > undoStart, let last = undoBuffer.last, last.typing == key,
      edits.allSatisfy(isTextUpdate)
    {
      undoBuffer[undoBuffer.count - 1].edits.append(contentsOf: edits)
      return
    }
    pushUndo(Step(edits: edits, typing: key))
  }

  /// Ends the typing run: the next text change starts a new step.
  mutating func seal() {
    if undoBuffer.count > undoStart { undoBuffer[undoBuffer.count - 1].typing = nil }
  }

  mutating func popUndo() -> Step? {
    undoBuffer.count > undoStart ? undoBuffer.removeLast() : nil
  }

  mutating func popRedo() -> Step? { redoSteps.popLast() }
  mutating func pushRedo(_ step: Step) { redoSteps.append(step) }

  /// Pushes an undo step, forgetting the oldest past ``limit``.
  mutating func pushUndo(_ step: Step) {
    undoBuffer.append(step)
    if undoBuffer.count - undoStart > Self.limit {
      // Releases the forgotten step's edits now; its slot goes with the next compaction.
      undoBuffer[undoStart] = Step(edits: [], typing: nil)
      undoStart += 1
      if undoStart >= Self.limit {
        undoBuffer.removeFirst(undoStart)
        undoStart = 0
      }
    }
  }

  private func isTextUpdate(_ edit: ListEdit) -> Bool {
    if case .update(let old, let new) = edit { return old.category == new.category }
    return false
  }
}
