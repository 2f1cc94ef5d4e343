import RosterLocalization
import RosterPrint
import RosterTransfer

extension PrintLabels {
  /// The labels in the user's language (``PrintWording``); English in the C locale.
  static var localized: PrintLabels {
    PrintLabels(
      text: PrintWording.text, category: PrintWording.category,
      signature: PrintWording.signature,
      summary: { date, count in
        PrintWording.summary(date: date, count: count, grouped: TransferProgress.grouped(count))
      },
      page: { number, count in PrintWording.page(number, of: count) })
  }
}
