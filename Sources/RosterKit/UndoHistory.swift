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

  /// The largest edits array kept for reuse: an action's few edits, not a sort's thousands.
  static let reusedCapacity = 4

  /// The undo steps, in a ring of at most ``limit`` slots: the oldest is in slot `oldest`, the
  /// others follow it, wrapping around. Past the limit, a new step takes the oldest one's slot,
  /// so nothing shifts and no slot is allocated.
  private var ring: [Step] = []
  private var oldest = 0
  /// How many undo steps there are.
  private(set) var undoCount = 0
  private(set) var redoSteps: [Step] = []
  /// The emptied edits array of the step forgotten last, which the next action fills: past the
  /// limit, every action then reuses the storage of the one it forgets rather than freeing one
  /// array and allocating another.
  private var spare: [ListEdit] = []

  /// The slot of the undo step `position` steps after the oldest.
  private func slot(_ position: Int) -> Int {
    let slot = oldest + position
    return slot < ring.count ? slot : slot - ring.count
  }

  /// An empty array for an action's edits, with room for a move's two.
  mutating func emptyEdits() -> [ListEdit] {
    var edits: [ListEdit] = []
    swap(&edits, &spare)
    if edits.capacity == 0 { edits.reserveCapacity(2) }
    return edits
  }

  /// Takes back an edits array no step keeps, for the next action.
  mutating func reuse(_ edits: consuming [ListEdit]) {
    guard edits.capacity <= Self.reusedCapacity else { return }
    // Last first, one by one: each edit is destroyed by its own type's code, where
    // `removeAll(keepingCapacity:)` goes through the general replacement of a range.
    for _ in edits.indices { edits.removeLast() }
    spare = edits
  }

  /// Records an action; typing into the entry the last step was typing into joins that step.
  ///
  /// This is the one rule for where an undo step ends: stores learn it from
  /// ``ListChange/joinsPreviousStep``.
  /// - Returns: Whether the action joined the last step.
  @discardableResult
  mutating func record(_ edits: [ListEdit], coalescing key: UUID?) -> Bool {
    if !redoSteps.isEmpty { redoSteps.removeAll() }
    if let key, undoCount > 0 {
      let last = slot(undoCount - 1)
      if ring[last].typing == key, edits.allSatisfy(isTextUpdate) {
        ring[last].edits.append(contentsOf: edits)
        return true
      }
    }
    pushUndo(Step(edits: edits, typing: key))
    return false
  }

  /// Forgets an action the store refused, whose edits the list has taken back. The newest step
  /// holding its edits loses them; when they began that step (the empty row's insert), the
  /// whole step goes, since the typing that joined it was into the entry taken back.
  /// - Returns: Whether a step held the action.
  /// - Complexity: O(s · m) for s steps searched of m edits each.
  @discardableResult
  mutating func forget(_ edits: [ListEdit]) -> Bool {
    guard !edits.isEmpty else { return false }
    var position = undoCount - 1
    while position >= 0 {
      let index = slot(position)
      if let start = Self.start(of: edits, in: ring[index].edits) {
        if start == 0 {
          removeUndo(at: position)
        } else {
          ring[index].edits.removeSubrange(start..<(start + edits.count))
          ring[index].typing = nil
        }
        return true
      }
      position -= 1
    }
    return false
  }

  /// Where `part` starts in `edits`, searched from the end; `nil` when it is not there whole.
  private static func start(of part: [ListEdit], in edits: [ListEdit]) -> Int? {
    guard edits.count >= part.count else { return nil }
    var start = edits.count - part.count
    while start >= 0 {
      if edits[start..<(start + part.count)].elementsEqual(part) { return start }
      start -= 1
    }
    return nil
  }

  /// Takes back the move of the last step from the undo to the redo stack, for an undo the
  /// store refused (the list has redone it).
  mutating func restoreUndone() {
    guard let step = redoSteps.popLast() else { return }
    pushUndo(step)
  }

  /// Takes back the move of the last step from the redo to the undo stack, for a redo the store
  /// refused (the list has undone it).
  mutating func restoreRedone() {
    guard let step = popUndo() else { return }
    redoSteps.append(step)
  }

  /// Removes the undo step `position` steps after the oldest, keeping the others in order.
  private mutating func removeUndo(at position: Int) {
    for later in position..<(undoCount - 1) {
      ring.swapAt(slot(later), slot(later + 1))
    }
    _ = popUndo()
  }

  /// Ends the typing run: the next text change starts a new step.
  mutating func seal() {
    guard undoCount > 0 else { return }
    let last = slot(undoCount - 1)
    ring[last].typing = nil
  }

  mutating func popUndo() -> Step? {
    guard undoCount > 0 else { return nil }
    undoCount -= 1
    // The slot keeps no edits: they belong to the step that is handed out.
    let last = slot(undoCount)
    var step = Step(edits: [], typing: nil)
    swap(&step, &ring[last])
    return step
  }

  mutating func popRedo() -> Step? { redoSteps.popLast() }
  mutating func pushRedo(_ step: Step) { redoSteps.append(step) }

  /// Pushes an undo step, forgetting the oldest past ``limit``.
  mutating func pushUndo(_ step: consuming Step) {
    if undoCount < Self.limit {
      // Until the ring has all its slots, the steps start at slot 0 and the next one may be new.
      if undoCount == ring.count {
        ring.append(step)
      } else {
        ring[slot(undoCount)] = step
      }
      undoCount += 1
      return
    }
    var forgotten = step
    swap(&forgotten, &ring[oldest])
    oldest = oldest + 1 == ring.count ? 0 : oldest + 1
    reuse(forgotten.edits)
  }

  private func isTextUpdate(_ edit: ListEdit) -> Bool {
    if case .update(let old, let new) = edit { return old.category == new.category }
    return false
  }
}
