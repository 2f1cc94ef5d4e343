public import RosterKit

/// What is printed: a list's title, the date, its rows in order, and the kind of sheet.
///
/// ```swift
/// let document = PrintDocument(
///   title: "Class 3b", date: "2026-12-01", rows: entries.map(PrintRow.init), style: .signIn)
/// try PDFWriter.write(document, to: handle)
/// ```
public struct PrintDocument: Sendable {
  /// The kinds of sheet.
  public enum Style: Sendable {
    /// Numbered rows with the category.
    case list
    /// A sign-in sheet: numbered rows with an empty box to tick, the category and a column to
    /// sign, on taller rows.
    case signIn
    /// A class register: numbered rows with one column of marks per session
    /// (``PrintDocument/sessions``), and a last row counting each session's check-ins.
    case register
  }

  /// The list's title, at the top of every page.
  public var title: String
  /// The date as the page shows it (the front end formats it for its locale).
  public var date: String
  /// The rows, in list order.
  public var rows: [PrintRow]
  /// The kind of sheet.
  public var style: Style
  /// The words the page adds.
  public var labels: PrintLabels
  /// The session whose check-ins a sign-in sheet ticks (``PrintRow/isCheckedIn``); the line
  /// under the title then names it with its count. `nil`: no session, no ticks.
  public var session: String?
  /// A register's sessions, the headings of its mark columns (``PrintRow/marks``), in order.
  public var sessions: [String] = []

  /// A document from its parts.
  public init(
    title: String, date: String, rows: [PrintRow], style: Style = .list,
    labels: PrintLabels = .english, session: String? = nil
  ) {
    self.title = title
    self.date = date
    self.rows = rows
    self.style = style
    self.labels = labels
    self.session = session
  }

  /// The line under the title: the date and the count, and on a sign-in sheet of a session,
  /// how many are checked in (`2026-12-01 · 40 entries · Evening: 13 of 40 checked in`).
  /// - Complexity: O(n) in the rows, for the count of those checked in.
  public var summary: String {
    let line = labels.summary(date, entryCount)
    guard style == .signIn, let session else { return line }
    return line + " · " + labels.checkedIn(session, rows.count { $0.isCheckedIn }, rows.count)
  }

  /// The class register of a list, as `roster attendance --register` shows it: a row per
  /// entry with its mark in each session, and a last row (``PrintRow/isTotal``) with each
  /// session's count of check-ins.
  /// - Complexity: O(n × s) for n entries and s sessions.
  public static func register(
    title: String, date: String, register: AttendanceRegister, labels: PrintLabels = .english
  ) -> PrintDocument {
    var rows = register.rows.map { PrintRow(text: $0.text, marks: $0.cells) }
    rows.append(
      PrintRow(text: labels.checkedInRow, marks: register.checkedIn.map(String.init), isTotal: true)
    )
    var document = PrintDocument(
      title: title, date: date, rows: rows, style: .register, labels: labels)
    document.sessions = register.sessions.map(\.name)
    return document
  }

  /// How many entries the document lists: its rows, less a register's total row.
  /// - Complexity: O(1).
  public var entryCount: Int { rows.count - (rows.last?.isTotal == true ? 1 : 0) }
}
