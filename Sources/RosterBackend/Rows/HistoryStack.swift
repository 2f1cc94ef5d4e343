/// Which of a list's two undo-history stacks a step lives on, as the `history` table's `stack`
/// column stores it.
package enum HistoryStack: Int64, Sendable {
  /// Actions to undo, newest on top.
  case undo = 0
  /// Undone actions to redo, newest on top; a new action clears it.
  case redo = 1
}
