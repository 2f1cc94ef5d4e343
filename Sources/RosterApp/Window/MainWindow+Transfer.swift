import Foundation
import RosterAppCore
import RosterGtk
import RosterKit
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
        accept: Text.exportAccept, parent: self.window, filters: Text.filters
      ) { [weak self] path in self?.export(to: path) }
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
    let preview = ImportPreview.read(path: path, into: entries.list)
    ImportDialog.present(preview, parent: window) { [weak self] preview in
      self?.runImport(preview)
    }
  }

  /// Imports what the person chose in the preview, as one undoable action.
  private func runImport(_ preview: ImportPreview) {
    do throws(TransferError) {
      let summary = try preview.run()
      refresh()
      toasts.show(Text.imported(summary.imported, skipped: summary.refused), button: "Undo") {
        [weak self] in self?.undoLast()
      }
    } catch {
      toasts.show(error.description)
    }
  }

  private func export(to path: String) {
    do throws(TransferError) {
      let count = try ListExport.write(entries.list, to: path)
      toasts.show(Text.exported(count, (path as NSString).lastPathComponent))
    } catch {
      toasts.show(error.description)
    }
  }
}
