import Foundation
import RosterAppCore
import RosterGtk
import RosterKit
import RosterLocalization

/// One row of the list: a handle, a check button (checked in or not), the editable text, its
/// attendance note and category badge, a menu and a delete button, with the reason under the
/// text when an edit is refused.
///
/// A row is made once and recycled: ``show(_:in:)`` binds it to an entry or to the empty last
/// row. While the person types in it, its text is never replaced.
@MainActor
final class RowView {
  let root = Box(vertical: true, spacing: 2, role: .group)
  let field = Entry(name: localized("New row"))
  /// The text, ellipsized, drawn over the field while it does not have the focus: a GtkEntry
  /// scrolls long text and cuts it off mid-letter. Screen readers read the field itself.
  private let cover = Label("", role: .presentation)
  private let handle = Image(icon: "list-drag-handle-symbolic")
  private let check = CheckButton()
  /// The status when it is not a plain check-in, or when the entry left: `late`, `left 21:30`.
  private let note = Label("", classes: ["dim-label", "caption"])
  private let badge = Label("", classes: ["badge"])
  private let menuButton = MenuButton(
    icon: "view-more-symbolic", name: localized("Row menu"), tooltip: false)
  private let deleteButton = Button(
    icon: "user-trash-symbolic", name: localized("Delete"), tooltip: false)
  private let reason = Label("", classes: ["error", "caption"])
  private let actions = ActionGroup()

  /// Which row this is: an entry's, or the empty last row.
  private(set) var row: RowID = .draft
  /// Set while the row's text is written by the list, so that `changed` is not typing.
  private var isBinding = false
  weak var delegate: (any RowViewDelegate)?
  /// The list item the row is the widget of, for its whole life.
  var listItem: ListItem?

  /// Whether the keyboard focus is in the row.
  var hasFocusWithin: Bool { root.hasFocusWithin }

  /// Makes a row whose menu button opens `menu` (shared by every row of the list).
  init(menu: Menu) {
    let line = Box(spacing: 6)
    field.setFramed(false)
    let covered = Overlay(child: field)
    covered.expand(horizontally: true)
    cover.leading()
    cover.canTarget = false
    cover.addClass("row-cover")
    covered.addOverlay(cover)
    // Text cut short with “…” shows whole in the tooltip.
    field.tooltip { [weak self] in
      guard let self, self.row != .draft, self.cover.isEllipsized else { return nil }
      return self.field.text
    }
    badge.ellipsize(maxCharacters: 14)
    badge.align(vertical: .center)
    menuButton.setFlat()
    handle.addClass("dim-label")
    deleteButton.addClass("flat")
    note.isVisible = false
    note.align(vertical: .center)
    check.align(vertical: .center)
    line.append(handle, check, covered, note, badge, menuButton, deleteButton)
    reason.leading(wrap: true)
    reason.margins(start: 30)
    reason.isVisible = false
    root.append(line, reason)
    root.margins(top: 2, bottom: 2, start: 6, end: 6)
    menuButton.setMenuLazily(menu)
    addActions()
    connect()
  }

  /// The menu every row shares: its actions are the row's own (`row.…`).
  static func makeMenu(categories: Menu, statuses: Menu) -> Menu {
    let menu = Menu()
    let attendance = Menu()
    attendance.append(submenu: statuses, label: localized("Status"))
    attendance.append(localized("Check Out"), action: .checkOut)
    attendance.append(localized("Clear"), action: .clearAttendance)
    menu.append(section: attendance)
    let order = Menu()
    order.append(localized("Move Up"), action: .moveUp)
    order.append(localized("Move Down"), action: .moveDown)
    menu.append(section: order)
    menu.append(submenu: categories, label: localized("Category"))
    let delete = Menu()
    delete.append(localized("Delete"), action: .delete)
    menu.append(section: delete)
    return menu
  }

  /// Fills the Category submenu with the list's categories.
  static func fillCategoryMenu(_ menu: Menu, with categories: [EntryCategory]) {
    menu.removeAll()
    menu.append(localized("None"), action: .setCategory, string: "")
    for category in categories {
      menu.append(category.name, action: .setCategory, string: category.name)
    }
    menu.append(localized("New Category…"), action: .newCategory)
  }

  /// Fills the Status submenu with the list's statuses.
  static func fillStatusMenu(_ menu: Menu, with statuses: [AttendanceStatus]) {
    menu.removeAll()
    for status in statuses {
      menu.append(
        AttendanceWording.statusName(status.name), action: .setStatus, string: status.name)
    }
  }

  private func addActions() {
    actions.add(.moveUp) { [weak self] in self.map { $0.delegate?.rowMove($0, by: -1) } }
    actions.add(.moveDown) { [weak self] in self.map { $0.delegate?.rowMove($0, by: 1) } }
    actions.add(.delete) { [weak self] in self.map { $0.delegate?.rowDelete($0) } }
    actions.add(
      .setCategory,
      string: { [weak self] name in
        self.map { $0.delegate?.rowSetCategory($0, name.isEmpty ? nil : name) }
      })
    actions.add(.newCategory) { [weak self] in self.map { $0.delegate?.rowNewCategory($0) } }
    actions.add(
      .setStatus,
      string: { [weak self] status in self.map { $0.delegate?.rowSetStatus($0, status) } })
    actions.add(.checkOut) { [weak self] in self.map { $0.delegate?.rowCheckOut($0) } }
    actions.add(.clearAttendance) { [weak self] in
      self.map { $0.delegate?.rowClearAttendance($0) }
    }
    root.insertActions(actions, prefix: "row")
  }

  private func connect() {
    field.onChanged { [weak self] in
      guard let self, !self.isBinding else { return }
      self.delegate?.rowTyped(self)
    }
    field.onActivate { [weak self] in self.map { $0.delegate?.rowActivated($0) } }
    field.onFocusLeave { [weak self] in
      guard let self else { return }
      self.showCover()
      self.delegate?.rowLeft(self)
    }
    field.onFocusEnter { [weak self] in self?.hideCover() }
    field.onKeyPressed(capture: true) { [weak self] key, modifiers in
      guard let self else { return false }
      let plain = modifiers & Keys.modifierMask == 0
      if key == Keys.escape, plain {
        self.delegate?.rowCancelled(self)
        return true
      }
      if key == Keys.backspace, plain, self.field.text.isEmpty {
        self.delegate?.rowBackspaceWhenEmpty(self)
        return true
      }
      return false
    }
    root.onKeyPressed { [weak self] key, modifiers in
      guard let self, modifiers & Keys.modifierMask == Keys.alt else { return false }
      if key == Keys.up {
        self.delegate?.rowMove(self, by: -1)
      } else if key == Keys.down {
        self.delegate?.rowMove(self, by: 1)
      } else {
        return false
      }
      return true
    }
    deleteButton.onClicked { [weak self] in self.map { $0.delegate?.rowDelete($0) } }
    check.onToggled { [weak self] in
      guard let self, !self.isBinding else { return }
      self.delegate?.rowToggledCheck(self)
    }
    root.onSwipe(touchOnly: true) { [weak self] dx, dy in
      guard let self, abs(dx) > 800, abs(dx) > 2 * abs(dy), self.row != .draft else { return }
      self.delegate?.rowDelete(self)
    }
    DragAndDrop.source(handle, owner: self) { [weak self] in self?.row.entryID?.uuidString }
    DragAndDrop.target(root, owner: self) { [weak self] payload in
      guard let self, let id = UUID(uuidString: payload) else { return false }
      return self.delegate?.rowReceivedDrop(self, of: id) ?? false
    }
  }

  /// Binds the row to `entry`, or to the empty last row when `entry` is `nil`.
  ///
  /// The text is left alone while the person is typing in this row.
  func show(_ entry: RosterKit.Entry?, in list: RosterList) {
    row = entry.map { .entry($0.id) } ?? .draft
    let text = entry?.text ?? ""
    if !field.hasFocusWithin, field.text != text {
      isBinding = true
      field.text = text
      isBinding = false
      showReason(nil)
    }
    showNames(text, isDraft: entry == nil)
    if !field.hasFocusWithin { showCover() }
    showCategory(entry?.category, in: list)
    showMoveRefusal(list.moveRefusal.map(RosterErrorWording.sentence))
  }

  /// What the check button and the note last showed, so a rebind with the same state costs
  /// nothing.
  private var shownAttendance: (text: String, state: AttendanceState?)?

  /// Shows the entry's attendance in the session: the check button ticked once checked in,
  /// named for a screen reader (`Check in Zoë`, `Checked in at 19:02 by anna`), and the note.
  func showAttendance(_ state: AttendanceState?) {
    guard row != .draft else { return }
    let text = field.text
    let ticked = state?.isCheckedIn == true
    if check.isActive != ticked {
      // A click the rules refused ticked the box already: untick it.
      isBinding = true
      check.isActive = ticked
      isBinding = false
    }
    if let shownAttendance, shownAttendance.text == text, shownAttendance.state == state { return }
    shownAttendance = (text, state)
    let name = AttendanceWording.checkButtonName(text, state)
    check.setAccessibleLabel(name)
    check.tooltip = state == nil ? nil : name
    let noted = AttendanceWording.rowNote(state)
    note.text = noted ?? ""
    note.isVisible = noted != nil
    let marked = state != nil
    actions.setEnabled(.checkOut, state?.isInside == true)
    actions.setEnabled(.clearAttendance, marked)
  }

  /// In a list kept sorted, the move actions are off and the handle says why.
  private func showMoveRefusal(_ reason: String?) {
    actions.setEnabled(.moveUp, reason == nil)
    actions.setEnabled(.moveDown, reason == nil)
    handle.tooltip = reason
  }

  /// What the row last told GTK, so that a rebind with the same text costs nothing: every
  /// accessible name change is a message on the accessibility bus.
  private var shownName: (text: String, isDraft: Bool)?

  private func showNames(_ text: String, isDraft: Bool) {
    if let shownName, shownName.text == text, shownName.isDraft == isDraft { return }
    if shownName?.isDraft != isDraft {
      deleteButton.isVisible = !isDraft
      menuButton.isVisible = !isDraft
      check.isVisible = !isDraft
      if isDraft {
        note.isVisible = false
        shownAttendance = nil
      }
      handle.isVisible = !isDraft
      field.placeholder = isDraft ? localized("New row") : nil
    }
    shownName = (text, isDraft)
    let name = isDraft ? localized("New row") : text
    root.setAccessibleLabel(name)
    field.setAccessibleLabel(name)
    if !isDraft {
      deleteButton.setAccessibleLabel(localized("Delete %@", text))
      menuButton.setAccessibleLabel(localized("More for %@", text))
    }
  }

  /// Draws the field's text ellipsized over it (the field's own text is hidden meanwhile).
  private func showCover() {
    let text = field.text
    if cover.text != text {
      cover.text = text
      cover.alignToTextDirection()
    }
    let covers = !text.isEmpty
    cover.isVisible = covers
    field.setClass("covered", covers)
  }

  /// Shows the field's own text, for editing.
  private func hideCover() {
    cover.isVisible = false
    field.removeClass("covered")
  }

  private var shownCategory: (name: String, color: CategoryColor)?

  private func showCategory(_ name: String?, in list: RosterList) {
    let category = name.flatMap { list.category(named: $0) }
    if shownCategory?.name == category?.name, shownCategory?.color == category?.color { return }
    shownCategory = category.map { ($0.name, $0.color) }
    badge.removeClasses(prefixed: "category-")
    if let category {
      badge.text = category.name
      badge.tooltip = category.name
      badge.addClass(Styles.className(for: category.color))
      badge.isVisible = true
    } else {
      badge.isVisible = false
    }
  }

  /// The reason shown under the field, if any.
  private var shownReason: String?

  /// Shows why the text is refused under the field (red, and as the field's description), or
  /// hides it.
  func showReason(_ message: String?) {
    guard message != shownReason else { return }
    shownReason = message
    reason.text = message ?? ""
    reason.isVisible = message != nil
    field.setAccessibleDescription(message)
    field.setAccessibleInvalid(message != nil)
  }

  /// Writes `text` into the field as the list's value (Escape), not as typing.
  func reset(to text: String) {
    isBinding = true
    field.text = text
    field.caret = -1
    isBinding = false
    showReason(nil)
    if !field.hasFocusWithin { showCover() }
  }
}
