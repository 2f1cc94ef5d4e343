import RosterAppCore
import RosterGtk
import RosterKit
import RosterLocalization

/// The dialogs that create and rename lists, and create categories: a field, the rule's reason
/// under it, and a button that stays insensitive until the text is accepted.
@MainActor
enum ListDialogs {
  /// Asks for a new list's title and rule, then calls `create`, which returns an error message
  /// to show or `nil` when the list was made.
  static func newList(parent: Widget, create: @escaping (String, Rule) -> String?) {
    let dialog = MessageDialog(parent: parent, heading: localized("New List"))
    let title = Entry(placeholder: localized("Title"), name: localized("List title"))
    let kinds: [Rule.Kind] = [.personalName, .text, .pattern]
    let rule = DropDown(
      [localized("Personal names"), localized("Any text"), localized("Pattern")],
      name: localized("Rule"))
    let pattern = Entry(
      placeholder: localized("Regular expression, e.g. ^[A-Z]{3}[0-9]{3}$"),
      name: localized("Pattern"))
    let reason = Label("", classes: ["reason", "caption"])
    reason.leading(wrap: true)
    pattern.isVisible = false
    let box = Box(vertical: true, spacing: 8)
    box.append(title, rule, pattern, reason)
    dialog.setExtraChild(box)
    dialog.addResponse("cancel", localized("Cancel"))
    dialog.addResponse("create", localized("Create"), suggested: true)
    dialog.setCloseResponse("cancel")
    func validate() -> Rule? {
      let kind = kinds[min(rule.selected, kinds.count - 1)]
      pattern.isVisible = kind == .pattern
      var message: String?
      var made: Rule?
      if case .invalid(let refusal) = Rule.text.validate(title.text) {
        message =
          title.text.isEmpty ? nil : localized("Title: %@", RefusalWording.sentence(for: refusal))
      } else {
        do { made = try LibraryController.rule(kind, pattern: pattern.text) } catch {
          message = pattern.text.isEmpty ? nil : RosterErrorWording.sentence(for: error)
        }
      }
      reason.text = message ?? ""
      reason.isVisible = message != nil
      dialog.setEnabled("create", made != nil && message == nil)
      return message == nil ? made : nil
    }
    title.onChanged { _ = validate() }
    pattern.onChanged { _ = validate() }
    rule.onSelected { _ = validate() }
    title.onActivate { if validate() != nil { dialog.respond("create") } }
    dialog.onResponse { response in
      guard response == "create", let made = validate() else { return }
      if let error = create(title.text, made) { showError(parent: parent, error) }
    }
    _ = validate()
    dialog.present()
    title.grabFocus()
  }

  /// Asks for one line of text (a list's new title, a category's name).
  static func askText(
    parent: Widget, heading: String, name: String, initial: String = "", action: String,
    done: @escaping (String) -> String?
  ) {
    let dialog = MessageDialog(parent: parent, heading: heading)
    let field = Entry(name: name)
    field.text = initial
    let reason = Label("", classes: ["reason", "caption"])
    reason.leading(wrap: true)
    let box = Box(vertical: true, spacing: 8)
    box.append(field, reason)
    dialog.setExtraChild(box)
    dialog.addResponse("cancel", localized("Cancel"))
    dialog.addResponse("ok", action, suggested: true)
    dialog.setCloseResponse("cancel")
    func validate() -> Bool {
      let refusal = Rule.text.validate(field.text).refusal
      reason.text = field.text.isEmpty ? "" : refusal.map(RefusalWording.sentence) ?? ""
      reason.isVisible = refusal != nil && !field.text.isEmpty
      dialog.setEnabled("ok", refusal == nil)
      return refusal == nil
    }
    field.onChanged { _ = validate() }
    field.onActivate { if validate() { dialog.respond("ok") } }
    dialog.onResponse { response in
      guard response == "ok" else { return }
      if let error = done(field.text) { showError(parent: parent, error) }
    }
    _ = validate()
    dialog.present()
    field.grabFocus()
  }

  static func showError(parent: Widget, _ message: String) {
    let dialog = MessageDialog(
      parent: parent, heading: localized("Could Not Do That"), body: message)
    dialog.addResponse("close", localized("Close"), suggested: true)
    dialog.present()
  }
}
