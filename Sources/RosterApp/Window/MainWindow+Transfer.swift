import Foundation
import RosterAppCore
import RosterGtk
import RosterKit
import RosterLocalization
import RosterTransfer

extension MainWindow {
  /// The words of import and export, in one place for translation.
  private enum Text {
    static let importTitle = "Import a List"
    static let importAccept = "_Import"
    static let exportTitle = "Export the List"
    static let exportAccept = "_Export"
    static let filters = [
      FileChooser.Filter(
        name: "CSV and JSON files", patterns: ["*.csv", "*.json", "*.CSV", "*.JSON"]),
      FileChooser.Filter(name: "CSV files", patterns: ["*.csv", "*.CSV"]),
      FileChooser.Filter(name: "JSON files", patterns: ["*.json", "*.JSON"]),
    ]
    static func imported(_ count: Int, skipped: Int) -> String {
      let noun = count == 1 ? "entry" : "entries"
      let rest = skipped > 0 ? "; skipped \(skipped) refused" : ""
      return "Imported \(GroupedNumber.text(count)) \(noun)\(rest)"
    }
    static func exported(_ count: Int, _ name: String) -> String {
      "Exported \(GroupedNumber.text(count)) \(count == 1 ? "entry" : "entries") to “\(name)”"
    }
  }

  /// Import… and Export… in the main menu, and files dropped on the window.
  func wireTransfer() {
    actions.add("import") { [unowned self] in
      FileChooser(
        mode: .open, title: Text.importTitle, accept: Text.importAccept, parent: self.window,
        filters: Text.filters
      ) { [weak self] path in self?.previewImport(of: path) }
    }
    actions.add("export") { [unowned self] in
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
      toasts.show(Text.imported(summary.imported, skipped: summary.refused), button: "Undo") {
        [weak self] in self?.undoLast()
      }
    } catch {
      toasts.show(error.description)
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
      toasts.show(error.description)
    }
  }
}
