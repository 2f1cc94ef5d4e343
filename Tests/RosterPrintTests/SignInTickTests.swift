import RosterPrint
import Testing

/// A sign-in sheet of a session ticks the boxes of those checked in, through the renderer's
/// boxes (what it draws), not pixels.
@Suite struct SignInTickTests {
  /// 60 rows, every third checked in: three pages of a sign-in sheet on A4.
  func sheet(style: PrintDocument.Style = .signIn, session: String? = "Evening") -> PageRenderer {
    let rows = (0..<60).map { PrintRow(text: "Guest \($0)", isCheckedIn: $0 % 3 == 0) }
    let document = PrintDocument(
      title: "Gala", date: "2026-12-04", rows: rows, style: style, session: session)
    return PageRenderer(document: document, pageSize: .a4)
  }

  @Test func everyRowHasABoxTickedWhenCheckedIn() throws {
    let renderer = sheet()
    let boxes = (0..<renderer.pageCount).flatMap(renderer.boxes(onPage:))
    #expect(boxes.map(\.position) == Array(0..<60))
    #expect(boxes.filter(\.isTicked).map(\.position) == Array(stride(from: 0, to: 60, by: 3)))
    let column = try #require(renderer.layout.columns.first { $0.content == .box })
    for box in boxes {
      #expect(box.x >= column.x && box.x + box.side <= column.x + column.width)
      let top = renderer.layout.rowTop(box.position)
      #expect(box.y >= top && box.y + box.side <= top + renderer.layout.rowHeight)
      // A tick starts and bends inside its box and ends just past its top right.
      #expect(box.tick.count == (box.isTicked ? 3 : 0))
      for point in box.tick.prefix(2) {
        #expect(point.x > box.x && point.x < box.x + box.side)
        #expect(point.y > box.y && point.y < box.y + box.side)
      }
    }
  }

  @Test func theLineUnderTheTitleCountsTheSessionsCheckIns() {
    #expect(sheet().document.summary == "2026-12-04 · 60 entries · Evening: 20 of 60 checked in")
    #expect(sheet(session: nil).document.summary == "2026-12-04 · 60 entries")
    #expect(sheet(style: .list).document.summary == "2026-12-04 · 60 entries")
  }

  @Test func aListHasNoBoxes() {
    #expect(sheet(style: .list).boxes(onPage: 0).isEmpty)
  }
}
