import RosterPrint
import Testing

/// Where rows fall on pages, computed without drawing.
@Suite struct PageLayoutTests {
  /// A4 is 841.89 points tall: 42 of margin above and below, 70 for the title, the summary and
  /// the headings, 24 for the foot leave 663.89 points, 33 rows of 20 (or 25 of 26 on a sign-in
  /// sheet).
  @Test func a4HoldsThirtyThreeRowsOrTwentyFiveToSign() {
    let list = PageLayout(pageSize: .a4, style: .list, rowCount: 1_000)
    #expect(list.rowsPerPage == 33)
    #expect(list.pageCount == 31)
    let signIn = PageLayout(pageSize: .a4, style: .signIn, rowCount: 1_000)
    #expect(signIn.rowsPerPage == 25)
    #expect(signIn.pageCount == 40)
  }

  @Test(arguments: [0, 1, 32, 33, 34, 999, 1_000])
  func pagesPartitionTheRowsInOrder(count: Int) {
    let layout = PageLayout(pageSize: .letter, style: .list, rowCount: count)
    let pages = (0..<layout.pageCount).map(layout.rows(onPage:))
    #expect(pages.flatMap { Array($0) } == Array(0..<count))
    #expect(pages.dropLast().allSatisfy { $0.count == layout.rowsPerPage })
    #expect(layout.pageCount == max(1, (count + layout.rowsPerPage - 1) / layout.rowsPerPage))
  }

  @Test func columnsFillTheWidthBetweenTheMargins() {
    for style in [PrintDocument.Style.list, .signIn] {
      let layout = PageLayout(pageSize: .a4, style: style, rowCount: 1_000_000)
      let last = layout.columns[layout.columns.count - 1]
      #expect(layout.columns.first?.x == layout.margin)
      #expect(abs(last.x + last.width - (PageSize.a4.width - layout.margin)) < 0.001)
      #expect(layout.columns.allSatisfy { $0.width > 0 })
    }
    let kinds = PageLayout(pageSize: .a4, style: .signIn, rowCount: 1).columns.map(\.content)
    #expect(kinds == [.number, .box, .text, .category, .signature])
  }

  @Test func aTinyPageStillHoldsARow() {
    let layout = PageLayout(pageSize: PageSize(width: 100, height: 100), style: .list, rowCount: 5)
    #expect(layout.rowsPerPage == 1)
    #expect(layout.pageCount == 5)
  }
}
