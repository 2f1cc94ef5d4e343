import Foundation
import RosterBackend
import RosterKit
import RosterStore

/// `roster export`
extension CommandLineTool {
  func export(_ raw: [String]) throws(CLIError) {
    let arguments = try Arguments(
      raw, command: "export", options: ["--list", "--format", "--output"],
      aliases: ["-o": "--output"])
    try arguments.expect(0...0, "no arguments (use -o FILE to write a file)", command: "export")
    let path = arguments.value("--output")
    let format = try format(arguments, path: path, command: "export")
    let list = try list(arguments)
    let store = try store(arguments)
    var sink = out
    if let path {
      guard FileManager.default.createFile(atPath: path, contents: nil),
        let handle = FileHandle(forWritingAtPath: path)
      else { throw .failed("Cannot write “\(path)”.") }
      sink = TextSink(handle: handle, closes: true)
    }
    var count = 0
    if format == "json" {
      let categories = try attempt { () throws(StoreError) in try store.categories(in: list.id) }
      let header = JSONText.object([
        ("roster", String(RosterDocument.version)), ("title", JSONText.string(list.title)),
        ("rule", JSONText.rule(list.rule)),
        (
          "categories",
          JSONText.array(
            categories.map {
              JSONText.object([
                ("name", JSONText.string($0.name)), ("color", JSONText.string($0.color.hex)),
              ])
            })
        ),
        ("entries", "["),
      ])
      sink.write(String(header.dropLast()))
      try attempt { () throws(StoreError) in
        try store.forEachEntry(in: list.id) { entry in
          sink.write((count == 0 ? "\n" : ",\n") + JSONText.entry(entry))
          count += 1
        }
      }
      sink.line("\n]}")
    } else {
      sink.write("text,category,id,created,updated\r\n")
      try attempt { () throws(StoreError) in
        try store.forEachEntry(in: list.id) { entry in
          let cells = [
            CSVCell.encode(entry.text), CSVCell.encode(entry.category ?? ""),
            UUIDText.string(entry.id), Timestamp.format(entry.created),
            Timestamp.format(entry.updated),
          ]
          sink.write(cells.joined(separator: ",") + "\r\n")
          count += 1
        }
      }
    }
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
    if let path { out.line("Exported \(count) entries from “\(list.title)” to \(path).") }
  }
}
