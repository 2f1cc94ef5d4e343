import Foundation
public import RosterKit
import RosterLocalization
public import RosterTransfer

/// Writes a list to a file in CSV or JSON, as `roster export` does (``ExportWriter``), streamed
/// entry by entry.
public enum ListExport {
  /// Writes `list` to `path` in the format its extension implies (CSV unless `.json`).
  /// - Returns: How many entries were written.
  /// - Throws: ``TransferError/unreadable(file:reason:)`` naming the file when it cannot be
  ///   created or written.
  /// - Complexity: O(n) in the list's length.
  @MainActor
  @discardableResult
  public static func write(_ list: RosterList, to path: String) throws(TransferError) -> Int {
    let name = (path as NSString).lastPathComponent
    var writer = ExportWriter(
      format: TransferFormat(inferringFrom: path), title: list.title, rule: list.rule,
      categories: list.categories)
    guard FileManager.default.createFile(atPath: path, contents: nil),
      let file = FileHandle(forWritingAtPath: path)
    else { throw .unreadable(file: name, reason: localized("it cannot be created here")) }
    do {
      var buffer = writer.header
      for entry in list.entries {
        buffer += writer.text(for: entry)
        if buffer.utf8.count >= 1 << 16 {
          try file.write(contentsOf: Data(buffer.utf8))
          buffer = ""
        }
      }
      buffer += writer.footer
      try file.write(contentsOf: Data(buffer.utf8))
      try file.close()
    } catch {
      throw .unreadable(file: name, reason: localized("it could not be written (%@)", "\(error)"))
    }
    return writer.count
  }
}
