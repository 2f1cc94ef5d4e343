import RosterAppCore
import RosterGtk
import RosterLocalization
import RosterTransfer

/// The preview of an import: how many rows will be added, every refused row with its line and
/// reason, the choice of all or nothing or skipping the refused rows, and Import, which adds
/// the rows as one undoable action. Nothing is written before Import.
@MainActor
enum ImportDialog {
  /// The dialog's words, in one place for translation.
  private enum Text {
    static var cancel: String { localized("Cancel") }
    static var refusedName: String { localized("Refused rows") }
    static func skip(_ count: Int) -> String {
      count == 1 ? localized("Skip the refused row") : localized("Skip the %@ refused rows", count)
    }
  }

  /// Shows `preview` over `parent`; `imported` gets the summary after Import, `failed` the
  /// message when the import was refused after all.
  static func present(
    _ preview: ImportPreview, parent: Widget, imported: @escaping (ImportSummary) -> Void,
    failed: @escaping (String) -> Void
  ) {
    var preview = preview
    let dialog = MessageDialog(parent: parent, heading: preview.heading, body: preview.summary)
    let box = Box(vertical: true, spacing: 8)
    let skip = CheckButton(label: Text.skip(preview.refusals.count))
    if !preview.refusals.isEmpty, preview.failure == nil {
      let rows = ListBox()
      rows.addClass("boxed-list")
      rows.setAccessibleLabel(Text.refusedName)
      for line in preview.refusalLines {
        let label = Label(line, classes: ["reason"])
        label.leading(wrap: true)
        label.margins(top: 6, bottom: 6, start: 10, end: 10)
        rows.append(label)
      }
      let scroller = ScrolledWindow()
      scroller.setChild(rows)
      scroller.fitContent(maxHeight: 260)
      box.append(scroller, skip)
      dialog.setExtraChild(box)
    }
    dialog.addResponse("cancel", Text.cancel)
    dialog.addResponse("import", preview.confirmLabel, suggested: true)
    dialog.setCloseResponse("cancel")
    dialog.setEnabled("import", preview.canImport)
    skip.onToggled {
      preview.skipsInvalidRows = skip.isActive
      dialog.setBody(preview.summary)
      dialog.setLabel("import", preview.confirmLabel)
      dialog.setEnabled("import", preview.canImport)
    }
    dialog.onResponse { response in
      guard response == "import" else { return }
      do throws(TransferError) {
        imported(try preview.run())
      } catch {
        failed(TransferErrorWording.sentence(for: error))
      }
    }
    dialog.present()
  }
}
