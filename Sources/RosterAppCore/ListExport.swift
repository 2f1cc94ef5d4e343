import Foundation
public import RosterKit
import RosterLocalization
public import RosterTransfer

/// Writes a list to a file in CSV or JSON, as `roster export` does (``ExportWriter``), streamed
/// entry by entry.
public enum ListExport {
  /// Writes `list` to `path` in `format` (by default the one its extension implies: CSV unless
  /// `.json`).
  /// - Parameters:
  ///   - list: The list.
  ///   - path: The file, created or replaced.
  ///   - format: CSV or JSON; `nil` for the one the extension implies.
  ///   - byteOrderMark: Starts a CSV file with a UTF-8 byte-order mark, for spreadsheets (Excel
  ///     and LibreOffice then read “Zoë” as UTF-8); JSON never has one.
  ///   - progress: Told every ``TransferProgress/interval`` entries; `false` cancels, and the
  ///     file is removed.
  /// - Returns: How many entries were written.
  /// - Throws: ``TransferError/unreadable(file:reason:)`` naming the file when it cannot be
  ///   created or written, ``TransferError/cancelled``.
  /// - Complexity: O(n) in the list's length.
  @MainActor
  @discardableResult
  public static func write(
    _ list: RosterList, to path: String, format: TransferFormat? = nil,
    byteOrderMark: Bool = false, progress: TransferProgress.Handler? = nil
  ) throws(TransferError) -> Int {
    let name = (path as NSString).lastPathComponent
    var writer = ExportWriter(
      format: format ?? TransferFormat(inferringFrom: path), title: list.title, rule: list.rule,
      categories: list.categories, byteOrderMark: byteOrderMark)
    guard FileManager.default.createFile(atPath: path, contents: nil),
      let file = FileHandle(forWritingAtPath: path)
    else { throw .unreadable(file: name, reason: localized("it cannot be created here")) }
    var buffer = ""
    var failure: (any Error)?
    func flush() {
      guard failure == nil else { return }
      do {
        try file.write(contentsOf: Data(buffer.utf8))
      } catch {
        failure = error
      }
      buffer = ""
    }
    do throws(TransferError) {
      try writer.write(
        list.entries, total: list.count,
        to: { text in
          buffer += text
          if buffer.utf8.count >= 1 << 16 { flush() }
        }, progress: progress)
    } catch {
      try? file.close()
      try? FileManager.default.removeItem(atPath: path)
      throw error
    }
    flush()
    do {
      if let failure { throw failure }
      try file.close()
    } catch {
      throw .unreadable(file: name, reason: localized("it could not be written (%@)", "\(error)"))
    }
    return writer.count
  }
}
