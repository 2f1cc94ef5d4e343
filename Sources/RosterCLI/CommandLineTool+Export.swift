import Foundation
import RosterBackend
import RosterKit
import RosterLocalization
import RosterStore
import RosterTransfer

/// `roster export`
extension CommandLineTool {
  func export(_ arguments: Arguments) throws(CLIError) {
    try arguments.expect(0...0, localized("no arguments (use -o FILE to write a file)"))
    let path = arguments.value("--output")
    let format = try format(arguments, path: path)
    let list = try list(arguments)
    let store = try store(arguments)
    var sink = out
    if let path {
      guard FileManager.default.createFile(atPath: path, contents: nil),
        let handle = FileHandle(forWritingAtPath: path)
      else { throw .failed(localized("Cannot write “%@”.", path)) }
      sink = TextSink(handle: handle, closes: true)
    }
    let categories =
      format == .json
      ? try attempt { () throws(StoreError) in try store.categories(in: list.id) } : []
    var writer = ExportWriter(
      format: format, title: list.title, rule: list.rule, categories: categories)
    sink.write(writer.header)
    try attempt { () throws(StoreError) in
      try store.forEachEntry(in: list.id) { entry in sink.write(writer.text(for: entry)) }
    }
    sink.write(writer.footer)
    sink.flush()
    if let failure = sink.failure {
      // A partial export must not pass for a whole one (a backup that lacks entries).
      guard let path else {
        throw .failed(
          localized(
            "Cannot write standard output: %@; the export is incomplete.", Self.reason(failure)))
      }
      try? FileManager.default.removeItem(atPath: path)
      throw .failed(
        localized(
          "Cannot write “%1$@”: %2$@; removed the incomplete file.", path, Self.reason(failure)))
    }
    if let path {
      out.line(
        localized("Exported %1$@ entries from “%2$@” to %3$@.", writer.count, list.title, path))
    }
  }
}
