import Foundation
import RosterBackend
import RosterKit
import RosterStore

/// `roster import` and `roster export`.
extension CommandLineTool {
  /// What one import counted.
  private struct Tally {
    var rows = 0
    var refused = 0
  }

  func importFile(_ raw: [String]) throws(CLIError) {
    let arguments = try Arguments(
      raw, command: "import", options: ["--list", "--format"],
      flags: ["--skip-invalid", "--dry-run"])
    try arguments.expect(1...1, "one FILE (or - for standard input)", command: "import")
    let path = arguments.positionals[0]
    let format = try format(arguments, path: path, command: "import")
    var source = path
    if path == "-" { source = try spoolStandardInput() }
    defer { if path == "-" { try? FileManager.default.removeItem(atPath: source) } }
    guard let handle = FileHandle(forReadingAtPath: source) else {
      throw .failed("Cannot open “\(path)”: no such readable file.")
    }
    let list = try list(arguments)
    let store = try store(arguments)
    let batch = try attempt { () throws(StoreError) in try store.beginImport(into: list.id) }
    var tally = Tally()
    do throws(CLIError) {
      if format == "json" {
        try importJSON(from: handle, path: path, into: batch, tally: &tally)
      } else {
        try importCSV(from: handle, path: path, into: batch, tally: &tally)
      }
    } catch {
      batch.cancel()
      throw error
    }
    let skip = arguments.has("--skip-invalid")
    let good = tally.rows - tally.refused
    if arguments.has("--dry-run") {
      batch.cancel()
      out.line(
        "Dry run: \(good) of \(tally.rows) rows would be imported into “\(list.title)”;"
          + " \(tally.refused) refused. Nothing was written.")
      if tally.refused > 0, !skip { throw .reported }
      return
    }
    if tally.refused > 0, !skip {
      batch.cancel()
      throw .failed("Nothing imported: \(tally.refused) of \(tally.rows) rows refused.")
    }
    try attempt { () throws(StoreError) in try batch.commit() }
    let skipped = tally.refused > 0 ? " Skipped \(tally.refused) refused rows." : ""
    let noun = good == 1 ? "entry" : "entries"
    out.line("Imported \(good) \(noun) into “\(list.title)”.\(skipped)")
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

  private func importCSV(
    from handle: FileHandle, path: String, into batch: ImportBatch, tally: inout Tally
  ) throws(CLIError) {
    let reader = CSVReader(handle: handle)
    let known = ["text", "category", "id", "created", "updated"]
    var columns = ["text": 0, "category": 1]
    var first = true
    while true {
      let record: CSVReader.Record?
      do {
        record = try reader.next()
      } catch {
        throw .failed("\(path) line \(error.line): \(error.message)")
      }
      guard let record else { break }
      if first {
        first = false
        let names = record.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        if names.contains("text"), names.allSatisfy(known.contains) {
          columns = Dictionary(names.enumerated().map { ($1, $0) }) { first, _ in first }
          continue
        }
      }
      func field(_ name: String) -> String? {
        guard let index = columns[name], index < record.fields.count else { return nil }
        let value = record.fields[index]
        return value.isEmpty && name != "text" ? nil : CSVCell.decode(value)
      }
      tally.rows += 1
      do throws(CLIError) {
        try add(
          text: field("text") ?? "", category: field("category"), id: field("id"),
          created: field("created"), updated: field("updated"), to: batch)
      } catch let error where !Self.isAboutTheRow(error) {
        throw error
      } catch {
        tally.refused += 1
        err.line("roster: \(path) line \(record.line): \(error.detail ?? "")")
      }
    }
  }

  private func importJSON(
    from handle: FileHandle, path: String, into batch: ImportBatch, tally: inout Tally
  ) throws(CLIError) {
    let data: Data
    do {
      data = try handle.read(upToCount: RosterDocument.maximumBytes + 1) ?? Data()
    } catch {
      throw .failed("Cannot read “\(path)”: \(error.localizedDescription)")
    }
    guard data.count <= RosterDocument.maximumBytes else {
      throw .failed(
        "\(path) is larger than \(RosterDocument.maximumBytes >> 20) MB: export and import CSV"
          + " for lists this big.")
    }
    do throws(UTF8Text.Invalid) {
      _ = try UTF8Text.decode(data)
    } catch {
      let line = data.prefix(error.offset).count { $0 == 0x0A } + 1
      throw .failed("\(path) line \(line): invalid UTF-8 at byte \(error.offset) of the file.")
    }
    let document: RosterDocument
    do {
      document = try JSONDecoder().decode(RosterDocument.self, from: data)
    } catch {
      throw .failed("\(path) is not a Roster JSON document: \(Self.describe(error))")
    }
    guard document.roster == RosterDocument.version else {
      throw .failed(
        "\(path) has Roster JSON version \(document.roster); this roster reads version 1.")
    }
    for category in document.categories ?? [] {
      let shown = StoreError.visible(category.name)
      let color = category.color.map { CategoryColor(hex: $0) }
      if let color, color == nil {
        throw .failed("\(path): the category “\(shown)” has a colour that is not #rrggbb.")
      }
      do throws(StoreError) {
        try batch.addCategory(EntryCategory(name: category.name, color: color ?? nil))
      } catch {
        throw .failed("\(path): the category “\(shown)”: \(error)")
      }
    }
    for (index, entry) in document.entries.enumerated() {
      tally.rows += 1
      do throws(CLIError) {
        try add(
          text: entry.text, category: entry.category, id: entry.id, created: entry.created,
          updated: entry.updated, to: batch)
      } catch let error where !Self.isAboutTheRow(error) {
        throw error
      } catch {
        tally.refused += 1
        err.line("roster: \(path) entry \(index + 1): \(error.detail ?? "")")
      }
    }
  }

  /// Adds one imported row, or throws why it is refused (without the `roster:` prefix).
  private func add(
    text: String, category: String?, id: String?, created: String?, updated: String?,
    to batch: ImportBatch
  ) throws(CLIError) {
    var uuid: UUID?
    if let id {
      guard let parsed = UUID(uuidString: id) else { throw .failed("“\(id)” is not an id.") }
      uuid = parsed
    }
    func time(_ text: String?) throws(CLIError) -> Date? {
      guard let text else { return nil }
      guard let date = Timestamp.parse(text) else {
        throw .failed("“\(text)” is not a time like 2026-11-30T20:15:00.000Z.")
      }
      return date
    }
    let createdDate = try time(created)
    let updatedDate = try time(updated)
    _ = try attempt { () throws(StoreError) in
      try batch.add(
        text: text, category: category, id: uuid, created: createdDate, updated: updatedDate)
    }
  }

  /// Whether an error refuses one row (the import goes on to report the others) rather than
  /// the whole import: a database that cannot be written fails every row alike.
  private static func isAboutTheRow(_ error: CLIError) -> Bool {
    guard case .store(let failure) = error else { return true }
    switch failure {
    case .database, .busy, .newerSchema, .listNotFound: return false
    default: return true
    }
  }

  /// What went wrong with a file: on Linux Foundation's own message says only “The operation
  /// could not be completed”, the POSIX error beneath it says what (“File too large”).
  static func reason(_ error: any Error) -> String {
    let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
    guard let underlying, underlying.domain == NSPOSIXErrorDomain else {
      return error.localizedDescription
    }
    return String(cString: strerror(Int32(underlying.code)))
  }

  /// A decoding error in one line.
  private static func describe(_ error: any Error) -> String {
    guard let decoding = error as? DecodingError else { return error.localizedDescription }
    switch decoding {
    case .keyNotFound(let key, let context):
      return "“\(key.stringValue)” is missing at \(path(context.codingPath))."
    case .typeMismatch(_, let context), .valueNotFound(_, let context),
      .dataCorrupted(let context):
      return "\(context.debugDescription) (at \(path(context.codingPath)))."
    @unknown default:
      return error.localizedDescription
    }
  }

  private static func path(_ keys: [any CodingKey]) -> String {
    keys.isEmpty
      ? "the top"
      : keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        .trimmingCharacters(in: CharacterSet(charactersIn: "."))
  }

  /// The file format from `--format`, else the file's extension, else CSV.
  func format(_ arguments: Arguments, path: String?, command: String) throws(CLIError) -> String {
    if let format = arguments.value("--format") {
      guard format == "csv" || format == "json" else {
        throw .usage("Unknown format “\(format)”: use csv or json.", command: command)
      }
      return format
    }
    return path?.lowercased().hasSuffix(".json") == true ? "json" : "csv"
  }
}
