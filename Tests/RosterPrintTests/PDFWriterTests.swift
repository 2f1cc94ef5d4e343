import Foundation
import RosterPrint
import RosterTransfer
import Testing

/// Real PDFs, read back with Poppler as a person would check them: every name in order in
/// every script, the fonts embedded, the header on every page, the expected number of pages,
/// and ink only where there is text.
@Suite struct PDFWriterTests {
  static let names = [
    "Łukasz Nowak", "Zoë Saldaña", "山田 太郎", "김민준", "محمد علي", "שרה כהן",
    "अनुराग शर्मा", "Ωμέγα Παπαδοπούλου", "Александр Пушкин", "O’Brien", "Nguyễn Thị Minh Khai",
  ]

  /// Writes `document` to a temporary PDF file and returns its reader.
  func write(_ document: PrintDocument, pageSize: PageSize = .a4) throws -> (Poppler, Int) {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("roster-print-\(UUID().uuidString).pdf").path
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    let handle = try #require(FileHandle(forWritingAtPath: path))
    defer { try? handle.close() }
    let pages = try PDFWriter.write(document, to: handle, pageSize: pageSize)
    return (Poppler(path: path), pages)
  }

  static func document(_ count: Int, style: PrintDocument.Style = .list) -> PrintDocument {
    let rows = (0..<count).map { index in
      PrintRow(
        text: "\(names[index % names.count]) \(index + 1)",
        category: index % 3 == 0 ? "Staff" : nil)
    }
    return PrintDocument(title: "Class 3b", date: "2026-12-01", rows: rows, style: style)
  }

  @Test func everyNameInEveryScriptIsInTheTextInOrder() throws {
    let rows = Self.names.map { PrintRow(text: $0, category: "Gäste") }
    let (pdf, pages) = try write(PrintDocument(title: "Guests", date: "2026-12-01", rows: rows))
    defer { try? FileManager.default.removeItem(atPath: pdf.path) }
    #expect(pages == 1)
    let text = try pdf.pages().joined()
    // pdftotext breaks some right-to-left words at their letters' spacing: compare without
    // white space.
    func squeezed(_ text: String) -> String { text.filter { !$0.isWhitespace } }
    var rest = squeezed(text)[...]
    for (index, name) in Self.names.enumerated() {
      guard let found = rest.range(of: squeezed(name)) else {
        Issue.record("“\(name)” (row \(index + 1)) is not in order in: \(text)")
        return
      }
      rest = rest[found.upperBound...]
    }
    #expect(text.contains("2026-12-01 · 11 entries"))
    #expect(text.contains("Page 1 of 1"))
  }

  @Test func theFontsAreEmbeddedNotoForEachScript() throws {
    let rows = Self.names.map { PrintRow(text: $0) }
    let (pdf, _) = try write(PrintDocument(title: "Guests", date: "2026-12-01", rows: rows))
    defer { try? FileManager.default.removeItem(atPath: pdf.path) }
    let fonts = try pdf.fonts()
    #expect(!fonts.isEmpty)
    #expect(fonts.allSatisfy { $0.embedded }, "\(fonts)")
    for family in ["NotoSans-", "NotoSansCJK", "NotoSansArabic", "NotoSansDevanagari"] {
      #expect(fonts.contains { $0.name.contains(family) }, "no \(family) in \(fonts)")
    }
  }

  @Test(arguments: [(PrintDocument.Style.list, 31, 33), (.signIn, 40, 25)])
  func aThousandEntriesTakeTheExpectedPagesEachWithTheHeader(
    style: PrintDocument.Style, expected: Int, perPage: Int
  ) throws {
    let (pdf, pages) = try write(Self.document(1_000, style: style))
    defer { try? FileManager.default.removeItem(atPath: pdf.path) }
    #expect(pages == expected)
    #expect(try pdf.info("Pages") == "\(expected)")
    #expect(try pdf.info("Title") == "Class 3b")
    let texts = try pdf.pages()
    #expect(texts.count == expected)
    for (index, page) in texts.enumerated() {
      #expect(page.contains("Class 3b"), "page \(index + 1) lacks the title")
      #expect(page.contains("2026-12-01 · 1,000 entries"), "page \(index + 1) lacks the summary")
      #expect(page.contains("Name") && page.contains("Category"))
      #expect(page.contains("Signature") == (style == .signIn))
      #expect(page.contains("Page \(index + 1) of \(expected)"))
      #expect(page.contains("\(index * perPage + 1)."), "page \(index + 1) starts elsewhere")
      #expect(!page.contains("\((index + 1) * perPage + 1)."), "page \(index + 1) runs on")
    }
    #expect(texts.last?.contains("1000.") == true)
    #expect(texts.last?.contains("\(Self.names[999 % Self.names.count]) 1000") == true)
  }

  /// Black text and hairlines on white: a full page has little ink, and none of it grey fill.
  @Test(arguments: [PrintDocument.Style.list, .signIn])
  func aPageIsMostlyPaper(style: PrintDocument.Style) throws {
    let (pdf, _) = try write(Self.document(100, style: style))
    defer { try? FileManager.default.removeItem(atPath: pdf.path) }
    let page = try pdf.grayPage(1)
    #expect(page.pixels.count == page.width * page.height)
    let inked = page.pixels.filter { $0 < 200 }.count
    let share = Double(inked) / Double(page.pixels.count)
    #expect(share > 0.01, "the page looks empty")
    #expect(share < 0.12, "the page has \(Int(share * 100))% ink")
  }

  @Test func anEmptyListIsOnePageWithItsHeader() throws {
    let (pdf, pages) = try write(Self.document(0))
    defer { try? FileManager.default.removeItem(atPath: pdf.path) }
    #expect(pages == 1)
    let text = try pdf.pages().joined()
    #expect(text.contains("0 entries") && text.contains("Page 1 of 1"))
  }

  @Test func progressCountsPagesAndCanCancel() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("roster-print-\(UUID().uuidString).pdf").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    let handle = try #require(FileHandle(forWritingAtPath: path))
    defer { try? handle.close() }
    var steps: [TransferProgress] = []
    #expect {
      try PDFWriter.write(Self.document(200), to: handle) { step in
        steps.append(step)
        return steps.count < 3
      }
    } throws: { error in
      guard case .cancelled = error as? PDFWriter.Failure else { return false }
      return true
    }
    #expect(steps.map(\.done) == [1, 2, 3])
    #expect(steps.last?.fraction == 3.0 / 7.0)
  }
}
