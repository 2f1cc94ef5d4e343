import RosterAppCore
import RosterGtk
import RosterKit
import RosterLocalization

/// The add field and its Add button, with the rule's reason (red) or a duplicate warning under
/// the field.
@MainActor
final class AddBar {
  let root = Box(vertical: true, spacing: 4)
  let field = Entry(placeholder: AddBar.placeholder, name: localized("New entry"))
  let button = Button(label: localized("Add"))
  private let reason = Label("", classes: ["reason", "caption"])
  private let warning = Label("", classes: ["dim-label", "caption"])
  private var controller: AddFieldController

  /// Called with each entry added.
  var onAdded: (RosterKit.Entry) -> Void = { _ in }
  /// Called with text of several lines pasted into the field (which it does not insert).
  var onPasteLines: (PastePreview) -> Void = { _ in }

  init(list: RosterList) {
    controller = AddFieldController(list: list)
    let line = Box(spacing: 6)
    field.expand(horizontally: true)
    button.addClass("suggested-action")
    line.append(field, button)
    reason.leading(wrap: true)
    warning.leading(wrap: true)
    root.append(line, reason, warning)
    root.margins(top: 12, bottom: 6, start: 12, end: 12)
    field.onChanged { [unowned self] in
      self.controller.text = self.field.text
      self.update()
    }
    field.onActivate { [unowned self] in self.add() }
    field.onMultilineInsert { [unowned self] text in
      self.onPasteLines(PastePreview(pasted: text, list: self.controller.list))
    }
    button.onClicked { [unowned self] in self.add() }
    update()
  }

  /// Adds to another list from now on.
  func show(_ list: RosterList) {
    controller = AddFieldController(list: list)
    field.text = ""
    field.placeholder = Self.placeholder
    field.isSensitive = true
    update()
  }

  /// Nothing can be added while a long list loads: the field says so.
  func showLoading(count: Int) {
    field.text = ""
    field.placeholder = localizedPlural(
      "Loading %@ entry…", "Loading %@ entries…", count: count, GroupedNumber.text(count))
    field.isSensitive = false
    button.isSensitive = false
  }

  private static let placeholder = localized("Add an entry")

  private func add() {
    guard let entry = controller.add() else { return }
    field.text = ""
    field.focusAtEnd()
    onAdded(entry)
  }

  private func update() {
    button.isSensitive = field.isSensitive && controller.canAdd
    let refusal = controller.reason
    reason.text = refusal ?? ""
    reason.isVisible = refusal != nil
    field.setAccessibleDescription(refusal)
    field.setAccessibleInvalid(refusal != nil)
    field.setClass("error", refusal != nil)
    let duplicate = controller.warning
    warning.text = duplicate ?? ""
    warning.isVisible = duplicate != nil
  }
}
