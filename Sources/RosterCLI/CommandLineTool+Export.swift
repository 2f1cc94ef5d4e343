import Foundation
import RosterBackend
import RosterKit
import RosterLocalization
import RosterTransfer

/// `roster export`
extension CommandLineTool {
  func export(_ arguments: Arguments) throws(CLIError) {
    try arguments.expect(0...0, localized("no arguments (use -o FILE to write a file)"))
    let path = arguments.value(.output)
    if arguments.value(.format) == "pdf"
      || (arguments.value(.format) == nil && path?.lowercased().hasSuffix(".pdf") == true)
    {
      if arguments.has(.bom) { throw arguments.usage(localized("--bom is for CSV exports.")) }
      return try exportPDF(arguments, path: path)
    }
    if arguments.has(.signIn) {
      throw arguments.usage(localized("--sign-in is for PDF exports."))
    }
    if arguments.value(.session) != nil {
      throw arguments.usage(localized("--session goes with --sign-in."))
    }
    let format = try format(arguments, path: path, formats: localized("csv, json or pdf"))
    if arguments.has(.bom), format != .csv {
      throw arguments.usage(localized("--bom is for CSV exports."))
    }
    let list = try list(arguments)
    let store = try store(arguments)
    let sink = try outputSink(path)
    let categories =
      format == .json
      ? try attempt { () throws(StoreError) in try store.categories(in: list.id) } : []
    var writer = ExportWriter(
      format: format, title: list.title, rule: list.rule, categories: categories,
      byteOrderMark: arguments.has(.bom))
    // Not over the rows themselves when they go to the same terminal.
    let meter =
      path == nil && isatty(STDOUT_FILENO) == 1
      ? nil
      : TerminalProgress(
        label: localized("Exporting “%@”", list.title), unit: localized("entries"), sink: err)
    sink.write(writer.header)
    try attempt { () throws(StoreError) in
      try store.forEachEntry(in: list.id) { entry in
        sink.write(writer.text(for: entry))
        if let meter, writer.count % TransferProgress.interval == 0 {
          let fraction = Double(writer.count) / Double(max(1, list.count))
          _ = meter.update(TransferProgress(done: writer.count, fraction: fraction))
        }
      }
    }
    meter?.finish()
    sink.write(writer.footer)
    try finishOutput(sink, path: path)
    if let path {
      out.line(
        localized("Exported %1$@ entries from “%2$@” to %3$@.", writer.count, list.title, path))
    }
  }

  /// Where an export goes: standard output, or the file at `path`, created or truncated.
  func outputSink(_ path: String?) throws(CLIError) -> TextSink {
    guard let path else { return out }
    guard FileManager.default.createFile(atPath: path, contents: nil),
      let handle = FileHandle(forWritingAtPath: path)
    else { throw .failed(localized("Cannot write “%@”.", path)) }
    return TextSink(handle: handle, closes: true)
  }

  /// Flushes an export's output; a write that failed removes the incomplete file and fails.
  func finishOutput(_ sink: TextSink, path: String?) throws(CLIError) {
    sink.flush()
    guard let failure = sink.failure else { return }
    // A partial export must not pass for a whole one (a backup that lacks entries).
    try failedOutput(failure, path: path)
  }

  /// Fails an export whose write failed, removing the incomplete file.
  func failedOutput(_ failure: any Error, path: String?) throws(CLIError) -> Never {
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
}
