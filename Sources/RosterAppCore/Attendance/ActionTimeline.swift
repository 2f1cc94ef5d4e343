public import RosterKit

/// Which of a window's two kinds of action Ctrl+Z undoes next: an edit of the list (RosterKit's
/// ``RosterKit/UndoHistory``) or a check-in (``AttendanceController``'s own steps), so that
/// undo always takes back the person's last action, whichever kind it was.
///
/// It remembers only the order of the kinds; each side keeps its own steps. When the two
/// disagree (the list's history dropped its oldest steps, a refused action was taken back), the
/// side that can still undo is chosen.
public struct ActionTimeline: Sendable {
  /// A kind of action.
  public enum Kind: Sendable, Equatable {
    /// An edit of the list.
    case edit
    /// An attendance action.
    case attendance
  }

  /// The kinds of the actions that can be undone, oldest first.
  public private(set) var kinds: [Kind] = []
  /// How many kinds are kept; older ones are forgotten.
  public static let limit = 1_000

  /// An empty timeline.
  public init() {}

  /// Notes a change of the list the window made: a new step is an edit; an undo takes the
  /// newest edit off; a redo puts one back.
  /// - Complexity: O(1) amortized, O(k) for an undo at worst.
  public mutating func note(_ change: ListChange) {
    switch change.origin {
    case .action where !change.joinsPreviousStep, .redo: push(.edit)
    case .undo:
      if let index = kinds.lastIndex(of: .edit) { kinds.remove(at: index) }
    case .action, .external: break
    }
  }

  /// Notes an attendance action the window made.
  /// - Complexity: O(1) amortized.
  public mutating func noteAttendance() { push(.attendance) }

  /// Forgets the newest attendance action (undone, or refused by the store).
  /// - Complexity: O(k) at worst.
  public mutating func forgetAttendance() {
    if let index = kinds.lastIndex(of: .attendance) { kinds.remove(at: index) }
  }

  /// What Ctrl+Z undoes now: the newest kind whose side can undo; `nil` when neither can.
  /// - Complexity: O(1).
  public func next(canUndoEdit: Bool, canUndoAttendance: Bool) -> Kind? {
    switch kinds.last {
    case .attendance? where canUndoAttendance: .attendance
    case .edit? where canUndoEdit: .edit
    default: canUndoEdit ? .edit : canUndoAttendance ? .attendance : nil
    }
  }

  /// Forgets everything (another list is shown).
  /// - Complexity: O(1).
  public mutating func reset() { kinds = [] }

  private mutating func push(_ kind: Kind) {
    kinds.append(kind)
    if kinds.count > Self.limit { kinds.removeFirst(kinds.count - Self.limit) }
  }
}
