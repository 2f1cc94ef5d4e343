import Foundation
import RosterBackend
import RosterKit
import RosterLocalization
import RosterPrint
import RosterStore
import RosterTransfer

/// `roster export --format pdf`: the pages the app prints, through one renderer.
extension CommandLineTool {
  func exportPDF(_ arguments: Arguments, path: String?) throws(CLIError) {
    if path == nil, isatty(STDOUT_FILENO) == 1 {
      throw arguments.usage(
        localized(
          "A PDF is not for a terminal: give -o FILE.pdf, or send standard output to a file or a"
            + " program."))
    }
    if arguments.value(.session) != nil, !arguments.has(.signIn) {
      throw arguments.usage(localized("--session goes with --sign-in."))
    }
    let list = try list(arguments)
    let store = try store(arguments)
    let ticks = arguments.has(.signIn) ? try signInTicks(arguments, list: list, store: store) : nil
    var rows: [PrintRow] = []
    rows.reserveCapacity(list.count)
    try attempt { () throws(StoreError) in
      try store.forEachEntry(in: list.id) { entry in
        let state = ticks.flatMap { $0.ledger.state(of: entry.id, in: $0.session.id) }
        rows.append(PrintRow(entry, isCheckedIn: state?.isCheckedIn == true))
      }
    }
    let document = PrintDocument(
      title: list.title, date: Self.today(), rows: rows,
      style: arguments.has(.signIn) ? .signIn : .list, labels: .localized,
      session: ticks?.session.name)
    let handle: FileHandle
    if let path {
      guard FileManager.default.createFile(atPath: path, contents: nil),
        let file = FileHandle(forWritingAtPath: path)
      else { throw .failed(localized("Cannot write “%@”.", path)) }
      handle = file
    } else {
      out.flush()
      handle = .standardOutput
    }
    defer { if path != nil { try? handle.close() } }
    let meter = TerminalProgress(
      label: localized("Printing “%@”", list.title), unit: localized("pages"), sink: err)
    let pages: Int
    do throws(PDFWriter.Failure) {
      defer { meter?.finish() }
      pages = try PDFWriter.write(document, to: handle, progress: meter.map { $0.update })
    } catch {
      guard case .write(let failure) = error else {
        if let path { try? FileManager.default.removeItem(atPath: path) }
        throw .failed(localized("Cannot write the PDF: %@.", error))
      }
      try failedOutput(failure, path: path)
    }
    if let path {
      out.line(
        localizedPlural(
          "Exported %1$@ entries from “%2$@” to %3$@ (%4$@ page).",
          "Exported %1$@ entries from “%2$@” to %3$@ (%4$@ pages).", count: pages, rows.count,
          list.title, path, pages))
    }
  }

  /// The session a sign-in sheet ticks the check-ins of, with its states: the one `--session`
  /// names (refused when it does not exist), else today's when it exists, else none (nothing
  /// is made).
  private func signInTicks(_ arguments: Arguments, list: ListSummary, store: any RosterStorage)
    throws(CLIError) -> (session: AttendanceSession, ledger: AttendanceLedger)?
  {
    let name = arguments.value(.session)
    guard let attending = store as? any AttendanceStorage else {
      if name == nil { return nil }
      throw .failed(localized("This database does not keep attendance."))
    }
    let session: AttendanceSession
    do throws(StoreError) {
      session = try attending.session(named: name, in: list.id, creating: false)
    } catch .attendance(.sessionNotFound) where name == nil {
      return nil
    } catch {
      throw sessionError(error, name: name)
    }
    let ledger = try attempt { () throws(StoreError) in
      try attending.attendanceLedger(for: list.id, session: session.id, entries: nil)
    }
    return (session, ledger)
  }

  /// Today's date in this computer's time zone, as ISO 8601 writes it: `2026-12-01`.
  static func today() -> String {
    let parts = Calendar.current.dateComponents([.year, .month, .day], from: Date())
    func two(_ value: Int?) -> String { (value ?? 0) < 10 ? "0\(value ?? 0)" : "\(value ?? 0)" }
    return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day))"
  }
}
