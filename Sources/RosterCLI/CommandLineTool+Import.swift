import Foundation
import RosterBackend
import RosterKit
import RosterTransfer

/// `roster import`
extension CommandLineTool {
  func importFile(_ arguments: Arguments) throws(CLIError) {
    try arguments.expect(1...1, "one FILE (or - for standard input)")
    let path = arguments.positionals[0]
    let plan = ImportPlan(
      format: try format(arguments, path: path), skipsInvalidRows: arguments.has("--skip-invalid"),
      isDryRun: arguments.has("--dry-run"))
    var source = path
    if path == "-" { source = try spoolStandardInput() }
    defer { if path == "-" { try? FileManager.default.removeItem(atPath: source) } }
    guard let handle = FileHandle(forReadingAtPath: source) else {
      throw .failed("Cannot open “\(path)”: no such readable file.")
    }
    let list = try list(arguments)
    let store = try store(arguments)
    let batch = try attempt { () throws(StoreError) in try store.beginImport(into: list.id) }
    let summary: ImportSummary
    do throws(TransferError) {
      summary = try plan.run(
        reading: handle, name: path, into: StoreImportDestination(batch: batch)
      ) { [err] refusal in
        err.line("roster: \(refusal)")
      }
    } catch {
      throw .transfer(error)
    }
    if plan.isDryRun {
      out.line(
        "Dry run: \(summary.imported) of \(summary.rows) rows would be imported into"
          + " “\(list.title)”; \(summary.refused) refused. Nothing was written.")
      if summary.refused > 0, !plan.skipsInvalidRows { throw .reported }
      return
    }
    let skipped = summary.refused > 0 ? " Skipped \(summary.refused) refused rows." : ""
    let noun = summary.imported == 1 ? "entry" : "entries"
    out.line("Imported \(summary.imported) \(noun) into “\(list.title)”.\(skipped)")
  }

  /// Copies standard input to a temporary file, so the database stays locked only while the
  /// rows are stored, not while a slow producer or a person is still typing them.
  private func spoolStandardInput() throws(CLIError) -> String {
    let path = NSTemporaryDirectory() + "roster-import-\(UUID().uuidString)"
    guard
      FileManager.default.createFile(
        atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]),
      let file = FileHandle(forWritingAtPath: path)
    else { throw .failed("Cannot create a temporary file for standard input.") }
    do {
      while let chunk = try FileHandle.standardInput.read(upToCount: 1 << 20), !chunk.isEmpty {
        try file.write(contentsOf: chunk)
      }
      try file.close()
    } catch {
      // A full disk must not stay full of a partial copy.
      try? FileManager.default.removeItem(atPath: path)
      throw .failed("Cannot copy standard input to a temporary file: \(Self.reason(error)).")
    }
    return path
  }

  /// The file format from `--format`, else the file's extension, else CSV.
  func format(_ arguments: Arguments, path: String?) throws(CLIError) -> TransferFormat {
    guard let name = arguments.value("--format") else {
      return TransferFormat(inferringFrom: path)
    }
    guard let format = TransferFormat(rawValue: name) else {
      throw arguments.usage("Unknown format “\(name)”: use csv or json.")
    }
    return format
  }
}
