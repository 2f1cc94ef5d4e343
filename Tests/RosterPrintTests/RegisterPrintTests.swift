import Foundation
import RosterKit
import RosterPrint
import Testing

/// A printed class register: a column per session with each entry's mark, and a last row
/// counting each session's check-ins; read back from a real PDF with Poppler.
@Suite struct RegisterPrintTests {
  /// Three entries over two sessions: Anna present then late, Berta absent on Monday, Cem
  /// present on Tuesday.
  static func register() throws -> AttendanceRegister {
    let monday = AttendanceSession(id: UUID(), name: "Monday")
    let tuesday = AttendanceSession(id: UUID(), name: "Tuesday")
    var ledger = AttendanceLedger(sessions: [monday, tuesday])
    let origin = AttendanceOrigin(by: "anna", device: "desk")
    let (anna, berta, cem) = (UUID(), UUID(), UUID())
    ledger.apply(try ledger.checkingIn(anna, in: monday.id, origin: origin))
    ledger.apply(try ledger.checkingIn(berta, in: monday.id, status: "absent", origin: origin))
    ledger.apply(try ledger.checkingIn(anna, in: tuesday.id, status: "late", origin: origin))
    ledger.apply(try ledger.checkingIn(cem, in: tuesday.id, origin: origin))
    return AttendanceRegister(
      ledger: ledger, entries: [(anna, "Anna Amsel"), (berta, "Berta Brandt"), (cem, "Cem Çelik")])
  }

  @Test func theLayoutHasAMarkColumnPerSessionAndATotalRow() throws {
    let document = PrintDocument.register(
      title: "Class 3b", date: "2026-12-04", register: try Self.register())
    #expect(document.sessions == ["Monday", "Tuesday"])
    #expect(document.rows.map(\.marks) == [["P", "L"], ["A", ""], ["", "P"], ["1", "2"]])
    #expect(document.rows.last?.isTotal == true && document.rows.last?.text == "Checked in")
    #expect(document.summary == "2026-12-04 · 3 entries", "the total row counted as an entry")
    let renderer = PageRenderer(document: document, pageSize: .a4)
    let contents = renderer.layout.columns.map(\.content)
    #expect(contents == [.number, .text, .mark(0), .mark(1)])
    let right = renderer.layout.columns.last.map { $0.x + $0.width } ?? 0
    #expect(abs(right - (PageSize.a4.width - renderer.layout.margin)) < 0.01)
  }

  @Test func manySessionsStillFitTheWidth() {
    let layout = PageLayout(pageSize: .a4, style: .register, rowCount: 30, sessions: 40)
    let right = layout.columns.last.map { $0.x + $0.width } ?? 0
    #expect(abs(right - (PageSize.a4.width - layout.margin)) < 0.01)
    #expect(layout.columns[1].width > (PageSize.a4.width - 2 * layout.margin) / 4)
  }

  @Test func thePDFReadsAsTheRegister() throws {
    let document = PrintDocument.register(
      title: "Class 3b", date: "2026-12-04", register: try Self.register())
    let (poppler, pages) = try PDFWriterTests().write(document)
    #expect(pages == 1)
    // As laid out on the page: each row's name and marks on one line.
    let text = String(
      decoding: try poppler.run("pdftotext", ["-layout", "-enc", "UTF-8"], after: ["-"]),
      as: UTF8.self)
    let lines = text.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
    #expect(lines.contains { $0.contains("Monday") && $0.contains("Tuesday") }, "\(lines)")
    #expect(lines.contains { $0.hasPrefix("1. Anna Amsel P L") }, "\(lines)")
    #expect(lines.contains { $0.hasPrefix("2. Berta Brandt A") }, "\(lines)")
    #expect(lines.contains { $0.hasPrefix("Checked in 1 2") }, "\(lines)")
  }
}
