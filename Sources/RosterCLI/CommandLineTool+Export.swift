import Foundation
import RosterBackend
import RosterKit
import RosterTransfer

/// `roster export`
extension CommandLineTool {
  func export(_ arguments: Arguments) throws(CLIError) {
    try arguments.expect(0...0, "no arguments (use -o FILE to write a file)")
    let path = arguments.value("--output")
    let format = try format(arguments, path: path)
    let list = try list(arguments)
    let store = try store(arguments)
    var sink = out
    if let path {
      guard FileManager.default.createFile(atPath: path, contents: nil),
        let handle = FileHandle(forWritingAtPath: path)
      else { throw .failed("Cannot write “\(path)”.") }
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
          "Cannot write standard output: \(Self.reason(failure)); the export is incomplete.")
      }
      try? FileManager.default.removeItem(atPath: path)
      throw .failed("Cannot write “\(path)”: \(Self.reason(failure)); removed the incomplete file.")
    }
    if let path { out.line("Exported \(writer.count) entries from “\(list.title)” to \(path).") }
  }
}
