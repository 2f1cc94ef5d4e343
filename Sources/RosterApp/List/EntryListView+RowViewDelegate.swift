import Foundation
import RosterAppCore
import RosterGtk
import RosterKit
import RosterLocalization

/// What the rows' keys, buttons and menus do to the list.
extension EntryListView: RowViewDelegate {
  func rowTyped(_ row: RowView) {
    if row.row == .draft { state.beginConvertingDraft() }
    let outcome = editor.typed(row.field.text, in: row.row)
    state.endConvertingDraft()
    switch outcome {
    case .created(let entry):
      draftRows[ObjectIdentifier(row)] = nil
      rows[entry.id] = row
      row.show(entry, in: list)
    case .refused(let reason): row.showReason(reason)
    case .saved, .pending: row.showReason(nil)
    }
  }

  func rowActivated(_ row: RowView) {
    if row.row == .draft { state.beginConvertingDraft() }
    let (outcome, next) = editor.enter(row.field.text, in: row.row)
    state.endConvertingDraft()
    if case .refused(let reason) = outcome {
      row.showReason(reason)
      return
    }
    row.showReason(nil)
    if case .created(let entry) = outcome {
      draftRows[ObjectIdentifier(row)] = nil
      rows[entry.id] = row
      row.show(entry, in: list)
    }
    focus(next)
  }

  func rowCancelled(_ row: RowView) {
    let saved = editor.cancel(row.row)
    if row.field.text != saved {
      row.reset(to: saved)
    } else if let position = position(of: row.row) {
      // Nothing to cancel: Escape leaves the text for the row, where Delete and the selection
      // keys work.
      view.select(position)
      view.grabFocus()
    }
  }

  func rowLeft(_ row: RowView) {
    guard row.row != .draft else { return }
    if case .refused(let reason) = editor.commit(row.field.text, in: row.row) {
      row.showReason(reason)
    }
  }

  func rowBackspaceWhenEmpty(_ row: RowView) {
    if let above = editor.backspaceInEmptyRow(row.row) { focus(above) }
  }

  func rowDelete(_ row: RowView) {
    guard let id = row.row.entryID else { return }
    delete([id])
  }

  func rowMove(_ row: RowView, by delta: Int) {
    guard let id = row.row.entryID, let offset = list.offset(of: id) else { return }
    let target = offset + delta
    guard target >= 0, target < list.count else { return }
    attempt { try list.move(id: id, toOffset: target) }
    focus(.entry(id))
  }

  func rowReceivedDrop(_ row: RowView, of id: UUID) -> Bool {
    guard let from = list.offset(of: id) else { return false }
    let to = row.row.entryID.flatMap { list.offset(of: $0) } ?? list.count - 1
    guard from != to else { return false }
    return attempt { try list.move(id: id, toOffset: to) }
  }

  func rowSetCategory(_ row: RowView, _ name: String?) {
    guard let id = row.row.entryID else { return }
    attempt { _ = try list.setCategory(of: id, to: name) }
  }

  func rowNewCategory(_ row: RowView) {
    guard let id = row.row.entryID else { return }
    onNewCategory { [weak self] name in
      guard let self else { return }
      self.attempt { _ = try self.list.setCategory(of: id, to: name) }
    }
  }

  /// Runs an edit of the list; a refusal is shown to the person (``onError``), not dropped.
  /// - Returns: Whether the edit was made.
  @discardableResult
  func attempt(_ edit: () throws -> Void) -> Bool {
    do {
      try edit()
      return true
    } catch {
      onError(ErrorWording.sentence(for: error))
      return false
    }
  }

  func rowToggledCheck(_ row: RowView) {
    guard let id = row.row.entryID, let attendance else { return }
    // A tick checks in; taking a tick away clears the mistake (logged, and undoable).
    let outcome =
      attendance.state(of: id)?.isCheckedIn == true
      ? attendance.clear(id) : attendance.checkIn(id)
    report(outcome, for: row)
  }

  func rowSetStatus(_ row: RowView, _ status: String) {
    guard let id = row.row.entryID, let attendance else { return }
    report(attendance.setStatus(id, to: status), for: row)
  }

  func rowCheckOut(_ row: RowView) {
    guard let id = row.row.entryID, let attendance else { return }
    report(attendance.checkOut(id), for: row)
  }

  func rowClearAttendance(_ row: RowView) {
    guard let id = row.row.entryID, let attendance else { return }
    report(attendance.clear(id), for: row)
  }

  /// Shows the stored state in the row again (a refused click unticks the box) and the
  /// reason of a refusal.
  private func report(_ outcome: AttendanceController.Outcome, for row: RowView) {
    if let id = row.row.entryID { row.showAttendance(attendance?.state(of: id)) }
    switch outcome {
    case .done: onAttendanceAction()
    case .refused(let message): onError(message)
    }
  }
}
