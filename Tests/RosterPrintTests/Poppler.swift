import Foundation
import RosterTestSupport

/// Poppler's command-line tools (Debian's poppler-utils) over a PDF file: what a person would
/// run to read, check and look at a printed list.
struct Poppler {
  /// The PDF's path.
  let path: String

  /// Runs `/usr/bin/TOOL ARGUMENTS… PATH [EXTRA…]` and returns its standard output.
  func run(_ tool: String, _ arguments: [String] = [], after extra: [String] = []) throws -> Data {
    let (data, status) = try ToolProcess.run("/usr/bin/\(tool)", arguments + [path] + extra)
    guard status == 0 else { throw Failed(message: "\(tool) exited with \(status)") }
    return data
  }

  /// The text of every page, `pdftotext` in reading order, one string per page, without the
  /// bidirectional embedding marks it puts around right-to-left runs.
  func pages() throws -> [String] {
    let text = String(
      decoding: try run("pdftotext", ["-enc", "UTF-8"], after: ["-"]), as: UTF8.self)
    let marks = Set<Unicode.Scalar>(["\u{202A}", "\u{202B}", "\u{202C}", "\u{200E}", "\u{200F}"])
    let plain = String(String.UnicodeScalarView(text.unicodeScalars.filter { !marks.contains($0) }))
    var pages = plain.components(separatedBy: "\u{0C}")
    if pages.last?.trimmingCharacters(in: .whitespacesAndNewlines) == "" { pages.removeLast() }
    return pages
  }

  /// A field of what `pdfinfo` reports: `Pages`, `Title`.
  func info(_ field: String) throws -> String? {
    let info = String(decoding: try run("pdfinfo", ["-enc", "UTF-8"]), as: UTF8.self)
    let line = info.split(separator: "\n").first { $0.hasPrefix(field + ":") }
    return line.map { $0.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces) }
  }

  /// `pdffonts`' rows: each font's name and whether it is embedded.
  func fonts() throws -> [(name: String, embedded: Bool)] {
    let table = String(decoding: try run("pdffonts"), as: UTF8.self)
    return table.split(separator: "\n").dropFirst(2).map { row in
      let columns = row.split(separator: " ")
      // name type… encoding emb sub uni object ID: “emb” is the fifth column from the end.
      return (String(columns[0]), columns[columns.count - 5] == "yes")
    }
  }

  /// Page `number` (1-based) as a grey image at `dpi`, from `pdftoppm -gray`: its width, height
  /// and pixels (0 black … 255 white).
  func grayPage(_ number: Int, dpi: Int = 50) throws -> (width: Int, height: Int, pixels: [UInt8]) {
    let data = try run(
      "pdftoppm", ["-gray", "-r", "\(dpi)", "-f", "\(number)", "-l", "\(number)"])
    // Binary PGM: "P5\nW H\n255\n" then the pixels.
    var fields: [Int] = []
    var index = 2
    var current = ""
    while fields.count < 3, index < data.count {
      let byte = data[index]
      index += 1
      if byte == 0x20 || byte == 0x0A {
        if let value = Int(current) { fields.append(value) }
        current = ""
      } else {
        current.append(Character(Unicode.Scalar(byte)))
      }
    }
    guard fields.count == 3 else { throw Failed(message: "not a PGM image") }
    return (fields[0], fields[1], Array(data[index...]))
  }

  /// A tool that failed.
  struct Failed: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
  }
}
