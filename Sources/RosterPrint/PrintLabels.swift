import RosterLocalization

/// The words a printed page adds to the list's own, so that a front end can translate them.
public struct PrintLabels: Sendable {
  /// The heading of the text column.
  public var text: String
  /// The heading of the category column.
  public var category: String
  /// The heading of the signature column of a sign-in sheet.
  public var signature: String
  /// The line under the title, from the date and the number of entries: `2026-12-01 · 3 entries`.
  public var summary: @Sendable (_ date: String, _ count: Int) -> String
  /// The foot of each page, from the page number and the number of pages: `Page 2 of 31`.
  public var page: @Sendable (_ number: Int, _ count: Int) -> String
  /// A sign-in sheet's session and how many of its rows are ticked: `Evening: 13 of 40 checked
  /// in`.
  public var checkedIn: @Sendable (_ session: String, _ count: Int, _ total: Int) -> String
  /// The label of a register's last row, which counts each session's check-ins.
  public var checkedInRow: String

  /// Labels from their parts.
  public init(
    text: String, category: String, signature: String,
    summary: @escaping @Sendable (String, Int) -> String,
    page: @escaping @Sendable (Int, Int) -> String,
    checkedIn: @escaping @Sendable (String, Int, Int) -> String = PrintLabels.englishCheckedIn,
    checkedInRow: String = "Checked in"
  ) {
    self.text = text
    self.category = category
    self.signature = signature
    self.summary = summary
    self.page = page
    self.checkedIn = checkedIn
    self.checkedInRow = checkedInRow
  }

  /// `Evening: 13 of 40 checked in`.
  public static let englishCheckedIn: @Sendable (String, Int, Int) -> String = {
    session, count, total in
    "\(session): \(GroupedNumber.text(count, separator: ",")) of"
      + " \(GroupedNumber.text(total, separator: ",")) checked in"
  }

  /// English.
  public static let english = PrintLabels(
    text: "Name", category: "Category", signature: "Signature",
    summary: { date, count in
      "\(date) · \(GroupedNumber.text(count, separator: ",")) \(count == 1 ? "entry" : "entries")"
    },
    page: { number, count in "Page \(number) of \(count)" })
}
