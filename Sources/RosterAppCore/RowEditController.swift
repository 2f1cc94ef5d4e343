import Foundation
public import RosterKit
import RosterLocalization

/// Edits in place: what typing, Enter, Escape, leaving a row and Backspace in an empty row do.
///
/// An entry's row commits on Enter or when focus leaves it; Escape puts back the saved text.
/// The empty last row is different: the first valid text typed into it becomes a new entry at
/// once, in the same field, and that row keeps saving as the person types until they leave it.
/// Refused text is never saved; the row shows ``RowEditController/Outcome/refused(_:)``'s reason.
@MainActor
public final class RowEditController {
  /// What a keystroke or a commit did.
  public enum Outcome: Equatable {
    /// Nothing to save yet (an unchanged text, an empty last row, an uncommitted edit).
    case pending
    /// The text was saved to this entry.
    case saved(Entry)
    /// The empty last row became this new entry: the field now shows the entry.
    case created(Entry)
    /// The text is refused, for this reason; nothing was saved.
    case refused(String)
  }

  /// The list being edited.
  public let list: RosterList
  /// Entries created from the empty last row that still save on every keystroke.
  private var live: Set<UUID> = []

  /// Creates a controller for `list`.
  public init(list: RosterList) {
    self.list = list
  }

  /// Whether `row` saves as the person types (the empty last row, and the entry it became).
  public func savesWhileTyping(_ row: RowID) -> Bool {
    switch row {
    case .draft: true
    case .entry(let id): live.contains(id)
    }
  }

  /// The person changed the text of `row` to `text`.
  public func typed(_ text: String, in row: RowID) -> Outcome {
    switch row {
    case .draft:
      if text.allSatisfy(\.isWhitespace) { return .pending }
      do {
        guard let entry = try list.editableRows.setText(text, at: list.count) else {
          return .pending
        }
        live.insert(entry.id)
        return .created(entry)
      } catch {
        return .refused(RosterErrorWording.sentence(for: error))
      }
    case .entry(let id):
      if live.contains(id) { return save(text, to: id) }
      if case .invalid(let refusal) = list.rule.validate(text) {
        return .refused(RefusalWording.sentence(for: refusal))
      }
      return .pending
    }
  }

  /// Commits `text` to `row` (Enter, or focus leaving the row), ending its typing run.
  public func commit(_ text: String, in row: RowID) -> Outcome {
    guard let id = row.entryID else {
      let outcome = typed(text, in: row)
      if case .created(let entry) = outcome {
        live.remove(entry.id)
        list.endTyping()
      }
      return outcome
    }
    defer {
      live.remove(id)
      list.endTyping()
    }
    return save(text, to: id)
  }

  /// Escape: the text the row should show again, its last saved text.
  public func cancel(_ row: RowID) -> String {
    guard let id = row.entryID else { return "" }
    live.remove(id)
    list.endTyping()
    return list.entry(id: id)?.text ?? ""
  }

  /// Enter: commits, then names the row that should take the focus — the next row, or the empty
  /// last row. Stays put while the text is refused.
  public func enter(_ text: String, in row: RowID) -> (Outcome, focus: RowID) {
    let outcome = commit(text, in: row)
    if case .refused = outcome { return (outcome, row) }
    var id = row.entryID
    if case .created(let entry) = outcome { id = entry.id }
    guard let id, let offset = list.offset(of: id), let next = list.entry(at: offset + 1) else {
      return (outcome, .draft)
    }
    return (outcome, .entry(next.id))
  }

  /// Backspace in an empty row: removes the row's entry (the empty last row stays) and names the
  /// row above, which takes the focus; `nil` when there is no row above.
  public func backspaceInEmptyRow(_ row: RowID) -> RowID? {
    switch row {
    case .draft:
      return list.entry(at: list.count - 1).map { .entry($0.id) }
    case .entry(let id):
      guard let offset = list.offset(of: id) else { return nil }
      live.remove(id)
      list.endTyping()
      // The entry is in the list (its offset was just found), so removing it cannot fail.
      do { try list.remove(id: id) } catch { preconditionFailure("\(error)") }
      return list.entry(at: offset - 1).map { .entry($0.id) }
    }
  }

  private func save(_ text: String, to id: UUID) -> Outcome {
    do {
      let before = list.entry(id: id)
      let entry = try list.updateText(of: id, to: text)
      return before == entry ? .pending : .saved(entry)
    } catch {
      return .refused(RosterErrorWording.sentence(for: error))
    }
  }
}
