public import RosterBackend
import RosterKit

/// Why an action the window showed was taken back, in the reader's language: the reason the
/// store gave, and what of the person's work it concerns.
///
/// ```swift
/// RefusedActionWording.sentence(for: refused)   // The disk is full: “Zoë” was not saved.
/// ```
public enum RefusedActionWording {
  /// The one line that tells the person what was not saved and why.
  /// - Complexity: O(k) for an action of k edits, plus the length of the texts it quotes.
  public static func sentence(for action: RefusedAction) -> String {
    let text = action.entryText.map { StoreError.visible(StoreError.excerpt($0)) }
    switch action.error {
    case .listExists(let title):
      return localized("“%@” is already the title of another list.", title)
    case .diskFull:
      if let text { return localized("The disk is full: “%@” was not saved.", text) }
      if let title = newTitle(in: action.change) {
        return localized("The disk is full: the title “%@” was not saved.", title)
      }
      return localized("The disk is full: the change was not saved.")
    case .busy:
      if let text {
        return localized(
          "Another program kept the database locked for more than a minute: “%@” was not saved.",
          text)
      }
      return localized(
        "Another program kept the database locked for more than a minute: the change was not saved."
      )
    default:
      let reason = StoreErrorWording.sentence(for: action.error)
      if let text { return localized("“%1$@” was not saved: %2$@", text, reason) }
      return localized("The change was not saved: %@", reason)
    }
  }

  private static func newTitle(in change: ListChange) -> String? {
    for edit in change.edits {
      if case .title(_, let new) = edit { return new }
    }
    return nil
  }
}
