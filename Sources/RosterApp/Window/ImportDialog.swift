import RosterAppCore
import RosterGtk
import RosterLocalization
import RosterTransfer

/// The preview of an import: how many rows will be added, every refused row with its line and
/// reason, the choice of all or nothing or skipping the refused rows, and Import, which adds
/// the rows as one undoable action. Nothing is written before Import.
///
/// A spreadsheet that is not Roster's own shows its columns first (``ImportColumnsView``): the
/// person ticks the text columns, picks the category column and says whether the first row is
/// a header, and the count and the refused rows follow each choice.
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

  /// How many refused rows the list shows; a line counts the rest (a list box of tens of
  /// thousands of rows would take seconds to build).
  static let shownRefusals = 1000

  /// How many lines a refused row's text takes at most.
  static let refusalLines: Int32 = 4

  /// Shows `preview` over `parent`; `run` imports it with the person's choices (it gets the
  /// preview as chosen and reports the outcome itself).
  static func present(
    _ preview: ImportPreview, parent: Widget, run: @escaping (ImportPreview) -> Void
  ) {
    var preview = preview
    let dialog = MessageDialog(parent: parent, heading: preview.heading, body: preview.summary)
    let box = Box(vertical: true, spacing: 8)
    let skip = CheckButton(label: Text.skip(preview.refusals.count))
    let rows = ListBox()
    rows.addClass("boxed-list")
    rows.setAccessibleLabel(Text.refusedName)
    let scroller = ScrolledWindow()
    scroller.setChild(rows)
    scroller.fitContent(maxHeight: 260)
    func show() {
      dialog.setBody(preview.summary)
      dialog.setLabel("import", preview.confirmLabel)
      dialog.setEnabled("import", preview.canImport)
      let refused = !preview.refusals.isEmpty && preview.failure == nil
      scroller.isVisible = refused
      skip.isVisible = refused
      skip.label = Text.skip(preview.refusals.count)
      rows.removeAll()
      let lines = preview.refusalLines
      var shown = Array(lines.prefix(shownRefusals))
      if lines.count > shownRefusals {
        let more = lines.count - shownRefusals
        shown.append(
          localizedPlural(
            "… and %@ more refused row", "… and %@ more refused rows", count: more,
            GroupedNumber.text(more)))
      }
      for line in shown {
        let label = Label(line, classes: ["reason"])
        label.leading()
        // A long row's line is cut short with “…” and shows whole in the tooltip (a screen
        // reader reads it whole anyway).
        label.wrap(maxLines: refusalLines, widthChars: 36)
        label.tooltipWhenEllipsized(line)
        label.margins(top: 6, bottom: 6, start: 10, end: 10)
        rows.append(label)
      }
    }
    if let columns = preview.columns {
      let chooser = ImportColumnsView(columns: columns, mapping: preview.mapping) { mapping in
        let progress = ProgressDialog.rows(parent: dialog, heading: localized("Reading the rows"))
        preview.choose(mapping, progress: progress.update)
        progress.close()
        show()
        return preview.textColumnsLine
      }
      chooser.update(textLine: preview.textColumnsLine)
      box.append(chooser.root)
    }
    box.append(scroller, skip)
    dialog.setExtraChild(box)
    dialog.addResponse("cancel", Text.cancel)
    dialog.addResponse("import", preview.confirmLabel, suggested: true)
    dialog.setCloseResponse("cancel")
    show()
    skip.onToggled {
      preview.skipsInvalidRows = skip.isActive
      show()
    }
    dialog.onResponse { response in
      guard response == "import" else { return }
      // Once the preview has gone and the window is back on top (MessageDialog raises it
      // 50 ms after a response), so that a progress dialog shows above both.
      MainLoop.after(milliseconds: 80) { run(preview) }
    }
    dialog.present()
  }
}
