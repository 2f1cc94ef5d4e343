import CPangoCairo

/// Draws the pages of a ``PrintDocument`` with Pango and Cairo: the title, the date and the
/// entry count, the column headings on every page, numbered rows with the category (and, on a
/// sign-in sheet, a box and a signature column), and the page number at the foot. Black text
/// and hairlines only: no fills, no ink wasted.
///
/// One renderer serves every output. ``PDFWriter`` draws each page on a Cairo PDF surface; a
/// GTK print dialog makes a renderer for its page size at `begin-print`, sets its page count to
/// ``pageCount``, and at `draw-page` hands page N's Cairo context to ``drawPage(_:on:)``:
///
/// ```swift
/// let renderer = PageRenderer(document: document, pageSize: PageSize(width: w, height: h))
/// operation.pageCount = renderer.pageCount
/// operation.onDrawPage { context, page in renderer.drawPage(page, on: context.cairo) }
/// ```
public struct PageRenderer: Sendable {
  /// What is printed.
  public let document: PrintDocument
  /// Where everything goes.
  public let layout: PageLayout
  /// The line under the title on every page (``PrintDocument/summary``), made once.
  let summary: String

  /// A renderer of `document` on pages of `pageSize`.
  /// - Complexity: O(n) in the rows of a sign-in sheet of a session (its count), else O(1).
  public init(document: PrintDocument, pageSize: PageSize) {
    self.document = document
    layout = PageLayout(
      pageSize: pageSize, style: document.style, rowCount: document.rows.count,
      sessions: document.sessions.count)
    summary = document.summary
  }

  /// The boxes of page `index` of a sign-in sheet, one per row, ticked for the rows checked
  /// in: what ``drawPage(_:on:)`` draws in the box column. None on a list.
  /// - Complexity: O(r) in the rows of the page.
  public func boxes(onPage index: Int) -> [SignInBox] {
    guard let column = layout.columns.first(where: { $0.content == .box }) else { return [] }
    let side = 10.0
    return layout.rows(onPage: index).map { position in
      let baseline = layout.rowTop(position) + layout.rowHeight / 2 + 3.5
      return SignInBox(
        position: position, x: column.x + (column.width - side) / 2, y: baseline - side + 1,
        side: side, isTicked: document.rows[position].isCheckedIn)
    }
  }

  /// How many pages the document takes.
  public var pageCount: Int { layout.pageCount }

  /// Whether Pango and Cairo are there to draw with (they are loaded on first use).
  public static var isAvailable: Bool { PangoCairo.load() == nil }

  /// Draws page `index` (0-based) onto `cairo`, a `cairo_t *` whose user space is in points
  /// with the page's top left at the origin (as Cairo's PDF surface and GTK's print context
  /// give it). The context's state is restored afterwards.
  /// Nothing is drawn when Pango and Cairo cannot be loaded (``isAvailable``), which cannot
  /// happen in a process that has a cairo context from GTK.
  /// - Complexity: O(r) in the rows of the page (``PageLayout/rowsPerPage``), whatever the page.
  public func drawPage(_ index: Int, on cairo: OpaquePointer) {
    guard Self.isAvailable else { return }
    rp_cairo_save(cairo)
    defer { rp_cairo_restore(cairo) }
    rp_cairo_set_source_rgb(cairo, 0, 0, 0)
    drawHeader(on: cairo)
    for position in layout.rows(onPage: index) {
      drawRow(position, on: cairo)
    }
    for box in boxes(onPage: index) { draw(box, on: cairo) }
    let width = layout.pageSize.width - 2 * layout.margin
    show(
      document.labels.page(index + 1, pageCount), on: cairo, size: 9, x: layout.margin,
      width: width, baseline: layout.footTop + 9, alignment: .center)
  }

  /// The title, the summary line and the column headings, with a rule under them.
  private func drawHeader(on cairo: OpaquePointer) {
    let width = layout.pageSize.width - 2 * layout.margin
    show(
      document.title, on: cairo, size: 16, bold: true, x: layout.margin, width: width,
      baseline: layout.titleTop + 17)
    show(
      summary, on: cairo, size: 10,
      x: layout.margin, width: width, baseline: layout.summaryTop + 11)
    let labels = document.labels
    for column in layout.columns {
      let heading: String
      switch column.content {
      case .number: heading = "#"
      case .box: heading = ""
      case .text: heading = labels.text
      case .category: heading = labels.category
      case .signature: heading = labels.signature
      case .mark(let index): heading = document.sessions[index]
      }
      let alignment: TextLine.Alignment =
        switch column.content {
        case .number: .trailing
        case .mark: .center
        default: .leading
        }
      show(
        heading, on: cairo, size: 9.5, bold: true, x: column.x + 2, width: column.width - 4,
        baseline: layout.headingsTop + 13, alignment: alignment)
    }
    line(on: cairo, y: layout.rowsTop - 0.5, width: 1)
  }

  /// Row `position` (0-based in the list): its number, its cells and a hairline under it.
  private func drawRow(_ position: Int, on cairo: OpaquePointer) {
    let row = document.rows[position]
    let top = layout.rowTop(position)
    let baseline = top + layout.rowHeight / 2 + 3.5
    for column in layout.columns {
      let x = column.x + 4
      let width = column.width - 8
      switch column.content {
      case .number:
        guard !row.isTotal else { continue }
        show(
          "\(position + 1).", on: cairo, size: 10, x: x, width: width, baseline: baseline,
          alignment: .trailing)
      case .box:
        break
      case .text:
        show(
          row.text, on: cairo, size: 10, bold: row.isTotal, x: x, width: width, baseline: baseline)
      case .category:
        show(row.category ?? "", on: cairo, size: 10, x: x, width: width, baseline: baseline)
      case .signature:
        break
      case .mark(let index):
        let mark = index < row.marks.count ? row.marks[index] : ""
        show(
          mark, on: cairo, size: 10, bold: row.isTotal, x: column.x + 2, width: column.width - 4,
          baseline: baseline, alignment: .center)
      }
    }
    if row.isTotal { line(on: cairo, y: top - 0.5, width: 1) }
    line(on: cairo, y: top + layout.rowHeight - 0.25, width: 0.4)
  }

  /// A sign-in box: the square, and the tick in it when the entry is checked in.
  private func draw(_ box: SignInBox, on cairo: OpaquePointer) {
    rp_cairo_set_line_width(cairo, 0.8)
    rp_cairo_rectangle(cairo, box.x, box.y, box.side, box.side)
    rp_cairo_stroke(cairo)
    guard let start = box.tick.first else { return }
    rp_cairo_set_line_width(cairo, 1.6)
    rp_cairo_move_to(cairo, start.x, start.y)
    for point in box.tick.dropFirst() { rp_cairo_line_to(cairo, point.x, point.y) }
    rp_cairo_stroke(cairo)
  }

  /// A horizontal rule across the columns.
  private func line(on cairo: OpaquePointer, y: Double, width: Double) {
    rp_cairo_set_line_width(cairo, width)
    rp_cairo_move_to(cairo, layout.margin, y)
    rp_cairo_line_to(cairo, layout.pageSize.width - layout.margin, y)
    rp_cairo_stroke(cairo)
  }

  private func show(
    _ text: String, on cairo: OpaquePointer, size: Double, bold: Bool = false, x: Double,
    width: Double, baseline: Double, alignment: TextLine.Alignment = .leading
  ) {
    guard !text.isEmpty else { return }
    let line = TextLine(
      text, on: cairo, size: size, bold: bold, width: width, alignment: alignment)
    line.draw(on: cairo, x: x, baseline: baseline)
    line.release()
  }
}
