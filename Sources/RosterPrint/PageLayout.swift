/// Where everything goes on a page of a given size: margins, the header block repeated on every
/// page, the rows, the foot, and the columns. Rows have one fixed height (long texts are cut
/// with an ellipsis), so a page's rows are known without laying out the ones before it.
///
/// ```swift
/// let layout = PageLayout(pageSize: .a4, style: .list, rowCount: 1_000)
/// layout.rowsPerPage    // 33
/// layout.pageCount      // 31
/// layout.rows(onPage: 1)  // 33..<66
/// ```
public struct PageLayout: Equatable, Sendable {
  /// A column: where it starts, how wide it is, and how its text is aligned.
  public struct Column: Equatable, Sendable {
    /// What the column shows.
    public enum Content: Equatable, Sendable {
      case number, box, text, category, signature
      /// A register's marks in one session, by its index in ``PrintDocument/sessions``.
      case mark(Int)
    }

    /// What the column shows.
    public let content: Content
    /// The left edge, in points from the page's left edge.
    public let x: Double
    /// The width, in points.
    public let width: Double
  }

  /// The sheet's size.
  public let pageSize: PageSize
  /// The white border around everything, in points.
  public let margin: Double
  /// The height of one row, in points.
  public let rowHeight: Double
  /// How far down the title's top is.
  public var titleTop: Double { margin }
  /// How far down the line with the date and count is.
  public var summaryTop: Double { margin + 26 }
  /// How far down the column headings are.
  public var headingsTop: Double { margin + 50 }
  /// How far down the first row is: below the title, the summary and the headings.
  public var rowsTop: Double { margin + Self.headerHeight }
  /// How far down the page number is.
  public var footTop: Double { pageSize.height - margin - 12 }

  /// The height of the title, the summary line and the column headings, in points.
  static let headerHeight = 70.0
  /// The height kept for the page number at the foot, in points.
  static let footHeight = 24.0
  /// The columns, left to right.
  public let columns: [Column]
  /// How many rows a page holds (at least one, however small the page).
  public let rowsPerPage: Int
  /// How many rows the document has.
  public let rowCount: Int

  /// The widest a register's mark column gets, in points: with many sessions, they share two
  /// thirds of the width, the names keeping the rest.
  static let markWidth = 64.0

  /// The layout of a document with `rowCount` rows in `style` on pages of `pageSize`; a
  /// register has a mark column for each of its `sessions`.
  /// - Complexity: O(s) in the number of sessions.
  public init(pageSize: PageSize, style: PrintDocument.Style, rowCount: Int, sessions: Int = 0) {
    self.pageSize = pageSize
    self.rowCount = rowCount
    margin = min(42, pageSize.width / 12, pageSize.height / 12)
    rowHeight = style == .signIn ? 26 : 20
    let digits = Double(String(max(rowCount, 1)).count)
    let widths: [(Column.Content, Double)]
    let left = margin
    let width = pageSize.width - 2 * margin
    let number = 20 + 6 * digits
    switch style {
    case .list:
      let rest = width - number
      widths = [(.number, number), (.text, rest * 0.68), (.category, rest * 0.32)]
    case .signIn:
      let rest = width - number - 24
      widths = [
        (.number, number), (.box, 24), (.text, rest * 0.42), (.category, rest * 0.2),
        (.signature, rest * 0.38),
      ]
    case .register:
      let rest = width - number
      let fit = sessions == 0 ? 0 : min(Self.markWidth, rest * 0.66 / Double(sessions))
      widths =
        [(.number, number), (.text, rest - fit * Double(sessions))]
        + (0..<sessions).map { (.mark($0), fit) }
    }
    var x = left
    var columns: [Column] = []
    for (content, columnWidth) in widths {
      columns.append(Column(content: content, x: x, width: columnWidth))
      x += columnWidth
    }
    self.columns = columns
    let available = pageSize.height - 2 * margin - Self.headerHeight - Self.footHeight
    rowsPerPage = max(1, Int((available / rowHeight).rounded(.down)))
  }

  /// How many pages the document takes: one at least, for the header of an empty list.
  public var pageCount: Int { max(1, (rowCount + rowsPerPage - 1) / rowsPerPage) }

  /// The rows (0-based positions) on page `index` (0-based).
  public func rows(onPage index: Int) -> Range<Int> {
    let start = min(rowCount, max(0, index) * rowsPerPage)
    return start..<min(rowCount, start + rowsPerPage)
  }

  /// The top of the row at `position` (0-based) on its page, in points.
  public func rowTop(_ position: Int) -> Double {
    rowsTop + Double(position % rowsPerPage) * rowHeight
  }
}
