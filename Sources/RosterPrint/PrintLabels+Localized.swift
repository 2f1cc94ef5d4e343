import RosterLocalization

extension PrintLabels {
  /// The labels in the user's language (``RosterLocalization/PrintWording``), counts grouped as
  /// the reader's locale groups them; English in the C locale. The CLI's `export --format pdf`
  /// and the app's print dialog both print with these.
  public static var localized: PrintLabels {
    PrintLabels(
      text: PrintWording.text, category: PrintWording.category,
      signature: PrintWording.signature,
      summary: { date, count in
        PrintWording.summary(date: date, count: count, grouped: GroupedNumber.text(count))
      },
      page: { number, count in PrintWording.page(number, of: count) },
      checkedIn: { session, count, total in
        PrintWording.checkedIn(
          session: session, count: GroupedNumber.text(count), total: GroupedNumber.text(total))
      }, checkedInRow: PrintWording.checkedInRow)
  }
}
