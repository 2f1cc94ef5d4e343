import Foundation
import RosterAppCore
import RosterGtk
import RosterKit
import RosterLocalization
import RosterTransfer

extension MainWindow {
  /// The words of import and export, in one place for translation.
  private enum Text {
    static var importTitle: String { localized("Import a List") }
    static var importAccept: String { localized("_Import") }
    static var exportTitle: String { localized("Export the List") }
    static var exportAccept: String { localized("_Export") }
    static let filters = [
      FileChooser.Filter(
        name: localized("CSV and JSON files"), patterns: ["*.csv", "*.json", "*.CSV", "*.JSON"]),
      FileChooser.Filter(name: localized("CSV files"), patterns: ["*.csv", "*.CSV"]),
      FileChooser.Filter(name: localized("JSON files"), patterns: ["*.json", "*.JSON"]),
    ]
    static func imported(_ count: Int, skipped: Int) -> String {
      guard skipped > 0 else {
        return localizedPlural(
          "Imported %@ entry", "Imported %@ entries", count: count, GroupedNumber.text(count))
      }
      return localizedPlural(
        "Imported %1$@ entry; skipped %2$@ refused", "Imported %1$@ entries; skipped %2$@ refused",
        count: count, GroupedNumber.text(count), skipped)
    }
    static func exported(_ count: Int, _ name: String) -> String {
      localizedPlural(
        "Exported %1$@ entry to “%2$@”", "Exported %1$@ entries to “%2$@”", count: count,
        GroupedNumber.text(count), name)
    }
  }

  /// Import… and Export… in the main menu, and files dropped on the window.
  func wireTransfer() {
    actions.add(.importFile) { [unowned self] in
      FileChooser(
        mode: .open, title: Text.importTitle, accept: Text.importAccept, parent: self.window,
        filters: Text.filters
      ) { [weak self] path in self?.previewImport(of: path) }
    }
    actions.add(.export) { [unowned self] in
      let list = self.entries.list
      FileChooser(
        mode: .save(suggestedName: "\(list.title).csv"), title: Text.exportTitle,
        accept: Text.exportAccept, parent: self.window, filters: Text.filters,
        toggles: [
          FileChooser.Toggle(
            id: "byte-order-mark", label: localized("For spreadsheets (byte-order mark)"))
        ]
      ) { [weak self] path, ticked in
        self?.export(to: path, byteOrderMark: ticked.contains("byte-order-mark"))
      }
    }
    FileDrop.accept(on: window) { [weak self] path in
      guard let self, !self.library.isLoading,
        path.lowercased().hasSuffix(".csv") || path.lowercased().hasSuffix(".json")
      else { return false }
      self.previewImport(of: path)
      return true
    }
  }

  /// Reads `path` without writing anything and shows what importing it would do.
  func previewImport(of path: String) {
    entries.list.endTyping()
    let name = (path as NSString).lastPathComponent
    let progress = ProgressDialog.rows(parent: window, heading: localized("Reading “%@”", name))
    let preview = ImportPreview.read(path: path, into: entries.list, progress: progress.update)
    progress.close()
    guard !preview.wasCancelled else { return }
    ImportDialog.present(preview, parent: window) { [weak self] preview in
      self?.runImport(preview)
    }
  }

  /// Imports what the person chose in the preview, as one undoable action; a cancelled import
  /// writes nothing.
  private func runImport(_ preview: ImportPreview) {
    let progress = ProgressDialog.rows(
      parent: window, heading: localized("Importing “%@”", preview.name))
    defer { progress.close() }
    do throws(TransferError) {
      let summary = try preview.run(progress: progress.update)
      refresh()
      toasts.show(
        Text.imported(summary.imported, skipped: summary.refused), button: localized("Undo")
      ) {
        [weak self] in self?.undoLast()
      }
    } catch {
      toasts.show(TransferErrorWording.sentence(for: error))
    }
  }

  private func export(to path: String, byteOrderMark: Bool) {
    let name = (path as NSString).lastPathComponent
    let progress = ProgressDialog(
      parent: window, heading: localized("Exporting to “%@”", name),
      unit: { localizedPlural("%@ entry", "%@ entries", count: $0, GroupedNumber.text($0)) })
    defer { progress.close() }
    do throws(TransferError) {
      let count = try ListExport.write(
        entries.list, to: path, byteOrderMark: byteOrderMark, progress: progress.update)
      toasts.show(Text.exported(count, (path as NSString).lastPathComponent))
    } catch {
      toasts.show(TransferErrorWording.sentence(for: error))
    }
  }
}
