import RosterAppCore
import RosterGtk
import RosterKit
import RosterLocalization

/// The preview of a paste of several lines into the add field: every line with what becomes of
/// it, and a button that adds the valid ones as one undoable action.
@MainActor
enum PasteDialog {
  /// The dialog's words, in one place for translation.
  private enum Text {
    static var heading: String { localized("Add Pasted Lines") }
    static var cancel: String { localized("Cancel") }
    static var linesName: String { localized("Pasted lines") }
    static func line(_ number: Int, _ text: String) -> String {
      localized("Line %1$@: %2$@", number, text)
    }
    static var duplicate: String {
      localized("Duplicate: the list or an earlier line has it already.")
    }
    static func refused(_ reason: String) -> String { localized("Refused: %@", reason) }
  }

  /// Shows `preview` over `parent`; `added` gets the entries once the person confirms.
  static func present(
    _ preview: PastePreview, parent: Widget, added: @escaping ([RosterKit.Entry]) -> Void
  ) {
    let dialog = MessageDialog(parent: parent, heading: Text.heading, body: preview.summary)
    let rows = ListBox()
    rows.addClass("boxed-list")
    rows.setAccessibleLabel(Text.linesName)
    for line in preview.lines {
      rows.append(row(for: line))
    }
    let scroller = ScrolledWindow()
    scroller.setChild(rows)
    scroller.fitContent(maxHeight: 320)
    dialog.setExtraChild(scroller)
    dialog.addResponse("cancel", Text.cancel)
    dialog.addResponse("add", preview.confirmLabel, suggested: true)
    dialog.setCloseResponse("cancel")
    dialog.setEnabled("add", preview.addCount > 0)
    dialog.onResponse { response in
      guard response == "add" else { return }
      added(preview.add())
    }
    dialog.present()
  }

  private static func row(for line: PastePreview.Line) -> Widget {
    let box = Box(vertical: true, spacing: 2)
    box.margins(top: 6, bottom: 6, start: 10, end: 10)
    let title = Label(Text.line(line.number, line.text))
    title.leading()
    box.append(title)
    let note: String?
    switch line.verdict {
    case .add: note = nil
    case .duplicate: note = Text.duplicate
    case .refused(let reason): note = Text.refused(reason)
    }
    if let note {
      let isRefusal = if case .refused = line.verdict { true } else { false }
      let label = Label(note, classes: [isRefusal ? "reason" : "dim-label", "caption"])
      label.leading(wrap: true)
      box.append(label)
    }
    box.setAccessibleLabel(
      [Text.line(line.number, line.text), note].compactMap { $0 }.joined(
        separator: ". "))
    return box
  }
}
