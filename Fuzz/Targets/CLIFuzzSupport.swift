// Support for Fuzz/Targets/CLIFuzz.swift: what a run returned, rows as compared, file helpers
// and a second, independent CSV reader.

import Foundation
import RosterKit
import RosterTransfer

/// What one in-process run of `roster` printed and returned.
struct Outcome {
  let status: Int32
  let out: String
  let err: String
}

/// An entry as compared across import, export and undo: times to the millisecond, as exported.
struct Row: Equatable, CustomStringConvertible {
  let id: UUID
  let text: String
  let category: String?
  let created: String
  let updated: String

  init(_ entry: Entry) {
    id = entry.id
    text = entry.text
    category = entry.category
    created = Timestamp.format(entry.created)
    updated = Timestamp.format(entry.updated)
  }

  var description: String { "\(text.debugDescription) [\(category ?? "-")] \(id)" }
}

nonisolated(unsafe) var cleanupFolder: String?

/// Makes `descriptors` standard input, output and error (0, 1, 2), closing the originals.
func moveDescriptors(_ descriptors: [CInt]) {
  for (target, descriptor) in descriptors.enumerated() {
    dup2(descriptor, CInt(target))
    close(descriptor)
  }
}

/// A file's bytes as text, read with POSIX calls (Foundation's file reading leaks a buffer).
func readText(_ path: String) -> String {
  let descriptor = open(path, O_RDONLY)
  guard descriptor >= 0 else { return "" }
  defer { close(descriptor) }
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 1 << 16)
  while true {
    let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { break }
    bytes += chunk[..<count]
  }
  return String(decoding: bytes, as: UTF8.self)
}

/// Removes the folders of earlier sessions that crashed (their process is gone).
func removeStaleFolders(in base: String, mode: String) {
  let prefix = "roster-fuzz-\(mode)-"
  for name in (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? []
  where name.hasPrefix(prefix) {
    if let pid = pid_t(name.dropFirst(prefix.count)), kill(pid, 0) != 0 {
      try? FileManager.default.removeItem(atPath: base + "/" + name)
    }
  }
}

/// Whether `part` is `whole` with some elements left out.
func isSubsequence(_ part: [String], of whole: [String]) -> Bool {
  var rest = whole[...]
  for item in part {
    guard let found = rest.firstIndex(of: item) else { return false }
    rest = rest[(found + 1)...]
  }
  return true
}

/// A second, independent reading of RFC 4180 as `roster import` documents it: a UTF-8 file
/// with an optional byte-order mark, CR, LF or CRLF line ends, blank lines skipped, at most 64
/// fields of at most 65,536 bytes.
enum ReferenceCSV {
  static func records(_ bytes: [UInt8]) -> [[String]]? {
    let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    guard let text = String(validating: body, as: UTF8.self) else { return nil }
    var records: [[String]] = []
    var fields: [String] = []
    var field = ""
    var quoted = false
    var inQuotes = false
    var afterQuote = false
    var scalars = Array(text.unicodeScalars)[...]
    func endField() -> Bool {
      fields.append(field)
      field = ""
      quoted = false
      afterQuote = false
      return fields.count <= 64
    }
    while let scalar = scalars.popFirst() {
      if inQuotes {
        if scalar == "\"" {
          if scalars.first == "\"" {
            scalars.removeFirst()
            field.unicodeScalars.append("\"")
          } else {
            inQuotes = false
            afterQuote = true
          }
        } else {
          field.unicodeScalars.append(scalar)
        }
      } else if scalar == "," {
        guard endField() else { return nil }
      } else if scalar == "\r" || scalar == "\n" {
        if scalar == "\r", scalars.first == "\n" { scalars.removeFirst() }
        if fields.isEmpty, field.isEmpty, !quoted { continue }
        guard endField() else { return nil }
        records.append(fields)
        fields = []
      } else if scalar == "\"" {
        guard field.isEmpty, !quoted else { return nil }
        quoted = true
        inQuotes = true
      } else {
        guard !afterQuote else { return nil }
        field.unicodeScalars.append(scalar)
      }
      if field.utf8.count > 1 << 16 { return nil }
    }
    if inQuotes { return nil }
    if !fields.isEmpty || !field.isEmpty || quoted {
      guard endField() else { return nil }
      records.append(fields)
    }
    return records
  }
}
