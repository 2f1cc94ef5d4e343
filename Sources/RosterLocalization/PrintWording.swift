/// The words a printed page adds to the list's own (RosterPrint's `PrintLabels`), in the
/// user's language; in the C locale exactly RosterPrint's English ones.
public enum PrintWording {
  /// The heading of the text column.
  public static var text: String { localized("Name") }
  /// The heading of the category column.
  public static var category: String { localized("Category") }
  /// The heading of a sign-in sheet's signature column.
  public static var signature: String { localized("Signature") }

  /// The line under the title: `2026-12-01 · 3 entries`; `count` is shown as `grouped`.
  /// - Complexity: O(1).
  public static func summary(date: String, count: Int, grouped: String) -> String {
    localizedPlural("%1$@ · %2$@ entry", "%1$@ · %2$@ entries", count: count, date, grouped)
  }

  /// A sign-in sheet's session and its count: `Evening: 13 of 40 checked in`; the counts are
  /// shown as given (grouped).
  /// - Complexity: O(1).
  public static func checkedIn(session: String, count: String, total: String) -> String {
    localized("%1$@: %2$@ of %3$@ checked in", session, count, total)
  }

  /// The foot of a page: `Page 2 of 31`.
  /// - Complexity: O(1).
  public static func page(_ number: Int, of count: Int) -> String {
    localized("Page %1$@ of %2$@", number, count)
  }

  /// The label of a printed register's last row, which counts each session's check-ins.
  public static var checkedInRow: String { localized("Checked in") }
}
