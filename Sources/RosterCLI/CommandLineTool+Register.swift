import Foundation
import RosterBackend
import RosterKit
import RosterLocalization
import RosterTransfer

/// `roster attendance --register [--csv [--bom]] [-o FILE]`: the class register.
extension CommandLineTool {
  /// Refuses the register's options without `--register`, and the options it does not take
  /// with it; `true` when the register is asked for.
  /// - Complexity: O(1).
  func checkRegisterOptions(_ arguments: Arguments) throws(CLIError) -> Bool {
    guard arguments.has(.register) else {
      for key in [OptionKey.csv, .output] where arguments.has(key) || arguments.value(key) != nil {
        throw arguments.usage(localized("%@ goes with --register.", key.name))
      }
      if arguments.has(.bom) { throw arguments.usage(localized("--bom is for CSV exports.")) }
      return false
    }
    for key in [OptionKey.log, .json] where arguments.has(key) {
      throw arguments.usage(localized("%@ does not go with --register.", key.name))
    }
    if arguments.value(.session) != nil {
      throw arguments.usage(localized("--register shows every session: give no --session."))
    }
    if arguments.has(.bom), !arguments.has(.csv) {
      throw arguments.usage(localized("--bom is for CSV exports."))
    }
    return true
  }

  /// Prints the register of the list: text aligned as a table, or with `--csv` RFC 4180 CSV
  /// (CRLF, the formula guard, `--bom` for spreadsheets), to standard output or `-o FILE`.
  /// - Complexity: O(e + n × s) for e events, n entries and s sessions.
  func showRegister(_ arguments: Arguments) throws(CLIError) {
    let list = try list(arguments)
    let store = try attendanceStore(arguments)
    let ledger = try attempt { () throws(StoreError) in try store.attendanceLedger(for: list.id) }
    var entries: [(id: UUID, text: String)] = []
    try attempt { () throws(StoreError) in
      try store.forEachEntry(in: list.id) { entries.append(($0.id, $0.text)) }
    }
    let register = AttendanceRegister(ledger: ledger, entries: entries)
    let path = arguments.value(.output)
    if arguments.has(.csv) {
      let sink = try outputSink(path)
      sink.write(arguments.has(.bom) ? ExportWriter.byteOrderMark : "")
      for row in Self.registerTable(register, header: Self.csvHeader, id: UUIDText.string) {
        sink.write(CSVWriter.record(row))
      }
      try finishOutput(sink, path: path)
    } else if register.sessions.isEmpty, path == nil {
      out.line(localized("“%@” has no sessions.", list.title))
      return
    } else {
      let sink = try outputSink(path)
      let table = Self.registerTable(register, header: Self.textHeader, id: Self.shortID)
      for line in Self.alignedLines(table) { sink.line(line) }
      try finishOutput(sink, path: path)
    }
    if let path {
      out.line(
        localizedPlural(
          "Wrote the register of “%1$@” (%2$@ session) to %3$@.",
          "Wrote the register of “%1$@” (%2$@ sessions) to %3$@.", count: register.sessions.count,
          list.title, register.sessions.count, path))
    }
  }

  /// The text table's first cells: position, id, entry; its count row's label.
  private static var textHeader: (columns: [String], total: String) {
    (["#", localized("Id"), localized("Entry")], localized("Checked in"))
  }

  /// The CSV's, fixed for the programs that read it, like `roster export`'s header.
  private static let csvHeader = (columns: ["position", "id", "text"], total: "checked in")

  /// The register as rows of cells: a header (the three entry columns, then the sessions'
  /// names), a row per entry (its position, `id`'s form of its id, its text, its marks), and
  /// the count row.
  /// - Complexity: O(n × s).
  private static func registerTable(
    _ register: AttendanceRegister, header: (columns: [String], total: String),
    id: (UUID) -> String
  ) -> [[String]] {
    var table = [header.columns + register.sessions.map(\.name)]
    table.reserveCapacity(register.rows.count + 2)
    for (offset, row) in register.rows.enumerated() {
      table.append([String(offset + 1), id(row.entry), row.text] + row.cells)
    }
    table.append(["", "", header.total] + register.checkedIn.map(String.init))
    return table
  }

  /// The table as text: each column as wide as its widest cell, two spaces between, the
  /// position right-aligned, no trailing spaces.
  /// - Complexity: O(n × s).
  private static func alignedLines(_ rows: [[String]]) -> [String] {
    let columns = rows.first?.count ?? 0
    let widths = (0..<columns).map { column in rows.map { $0[column].count }.max() ?? 0 }
    return rows.map { row in
      var line = ""
      for (column, cell) in row.enumerated() {
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        line += column == 0 ? padding + cell : "  " + cell + padding
      }
      while line.last == " " { line.removeLast() }
      return line
    }
  }
}
