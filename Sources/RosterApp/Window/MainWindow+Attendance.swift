import Foundation
import RosterAppCore
import RosterBackend
import RosterGtk
import RosterKit
import RosterLocalization

/// Check-in: the header's session picker and count, the rows' check buttons (through
/// ``EntryListView/attendance``), and the door's search, where Enter checks in the one entry
/// that matches.
extension MainWindow {
  /// The header's count for a list that takes attendance: `13 of 40 checked in · 11 inside`.
  var attendanceSubtitle: String? {
    guard let attendance, attendance.isInUse || attendance.counts.marked > 0 else { return nil }
    return AttendanceWording.subtitle(attendance.counts, of: library.currentCount)
  }

  /// Puts the session picker in the header and starts attendance for the list shown.
  func wireAttendance(into menu: Menu) {
    header.packEnd(sessionPicker)
    sessionPicker.onSelected { [unowned self] in self.sessionPicked() }
    menu.append(submenu: sessionMenu, label: localized("Session"))
    menu.append(localized("New Session…"), action: .newSession)
    actions.add(.newSession) { [unowned self] in self.askNewSession() }
    actions.add(.showSession, string: { [unowned self] name in self.showSession(named: name) })
    startAttendance()
  }

  /// Shows the attendance of the list shown in today's session (a new list, a list opened,
  /// the whole list once loaded).
  func startAttendance() {
    timeline.reset()
    guard !library.isLoading, let desk = library.storage as? any AttendanceDesk else {
      setAttendance(nil)
      return
    }
    do {
      setAttendance(try AttendanceController(desk: desk, list: entries.list))
    } catch {
      setAttendance(nil)
      toasts.show(StoreErrorWording.sentence(for: error))
    }
  }

  private func setAttendance(_ controller: AttendanceController?) {
    attendance = controller
    controller?.onChange = { [weak self] changed in
      guard let self else { return }
      self.entries.refreshAttendance(changed)
      self.refresh()
      self.onAttendanceChanged()
    }
    controller?.onMessage = { [weak self] message in self?.toasts.show(message) }
    entries.attendance = controller
    presenceFilter.isVisible = controller != nil
    actions.setEnabled(.newSession, controller != nil)
  }

  /// Brings the session picker in line with the list's sessions.
  func refreshSessionPicker() {
    // A list that takes no attendance keeps its header as it was: the picker shows once it
    // has a session (the first check-in makes today's; the main menu has New Session…), and
    // not in a phone-wide window, where the main menu's Session submenu has the sessions.
    sessionPicker.isVisible = attendance?.isInUse == true && !leaflet.isFolded
    guard let attendance else { return }
    let names = attendance.sessionNames
    if names != sessionMenuNames {
      sessionMenuNames = names
      sessionMenu.removeAll()
      for name in names { sessionMenu.append(name, action: .showSession, string: name) }
    }
    sessionPicker.setItems(names + [localized("New Session…")])
    if let index = names.firstIndex(of: attendance.sessionName), sessionPicker.selected != index {
      sessionPicker.selectQuietly(index)
    }
    sessionPicker.tooltip = localized("Session: %@", attendance.sessionName)
  }

  private func sessionPicked() {
    guard let attendance else { return }
    let names = attendance.sessionNames
    guard sessionPicker.selected < names.count else {
      refreshSessionPicker()
      return askNewSession()
    }
    showSession(named: names[sessionPicker.selected])
  }

  /// Shows the session of this name (the picker, the Session submenu).
  private func showSession(named name: String) {
    guard let attendance, name != attendance.sessionName else { return }
    do {
      try attendance.show(sessionNamed: name)
      timeline.reset()
      applySearch()
    } catch {
      toasts.show(StoreErrorWording.sentence(for: error))
    }
    refresh()
  }

  func askNewSession() {
    ListDialogs.askText(
      parent: window, heading: localized("New Session"), name: localized("Session name"),
      action: localized("Create")
    ) { [weak self] name in
      guard let self, let attendance = self.attendance else { return nil }
      do throws(StoreError) {
        try attendance.makeSession(named: name)
        self.timeline.reset()
        self.applySearch()
        self.refresh()
        return nil
      } catch {
        return StoreErrorWording.sentence(for: error)
      }
    }
  }

  /// Enter in the search: checks in the one entry the search (or a scanned id) names, says so
  /// with Undo, and clears the search for the next guest once that shows, the focus staying in
  /// it. With
  /// several matches it only says how many; “already checked in” is a toast, never a dialog.
  func checkInFromSearch() {
    guard let attendance, !library.isLoading else { return }
    let query = search.text
    guard !query.trimmingCharacters(in: .whitespaces).isEmpty else { return }
    applySearch()
    let list = entries.list
    switch DoorLookup.find(query, matches: entries.matches ?? [], in: list) {
    case .none: toasts.show(AttendanceWording.noMatch(query))
    case .several(let count): toasts.show(AttendanceWording.severalMatch(count))
    case .entry(let id):
      let text = list.entry(id: id)?.text ?? ""
      switch attendance.checkIn(id) {
      case .done(let counts):
        timeline.noteAttendance()
        toasts.show(
          AttendanceWording.checkedIn(text, counts, of: list.count), button: localized("Undo")
        ) { [weak self] in self?.undoLast() }
      case .refused(let message): toasts.show(message)
      }
      refresh()
      // The count and the toast show in the next frame; the search is cleared after it, as
      // bringing back the whole list (its rows announced to GTK again) takes a few frames at
      // 100,000 entries. A guest typed meanwhile is left alone.
      FrameClock.afterNextFrame(of: window) { [weak self] in
        guard let self, self.search.text == query else { return }
        self.search.text = ""
      }
    }
    search.entry.grabFocus()
  }
}
