import Foundation
import RosterBackend
import RosterKit
import RosterLocalization
import RosterTransfer
import Testing

/// RosterTransfer's errors and refusals, and sort orders, in the C locale (tests never call
/// `Localization.setUp()`): exactly the English `description`s, for every case; a store's
/// errors inside them, as StoreErrorWording words them (StoreError describes itself as data).
@Suite struct TransferErrorWordingTests {
  static let columns = ["Last name", "First name", "Class\u{200B}"]

  static let malformations: [TransferError.Malformation] = [
    .invalidUTF8(byte: 17), .tooManyFields(limit: 4096), .quoteInUnquotedField,
    .textAfterClosingQuote, .unclosedQuote, .fieldTooLong(limit: 65536),
    .unreadable("Input/output error"),
  ]

  static var errors: [TransferError] {
    malformations.map { .malformed(file: "names.csv", line: 4, reason: $0) } + [
      .unreadable(file: "names.csv", reason: "no such readable file"),
      .tooLarge(file: "big.json", limit: 256 << 20),
      .notADocument(file: "x.json", reason: "“entries” is missing at the top."),
      .unsupportedVersion(file: "x.json", version: 9),
      .invalidCategoryColor(file: "x.json", name: "Staff\u{200B}"),
      .refusedCategory(file: "x.json", name: "Staff", reason: RosterError.categoryExists("Staff")),
      .invalidID("12"), .invalidTime("yesterday"), .rowsRefused(3, of: 10),
      .destination(CocoaError(.fileWriteOutOfSpace)),
      .columnsNotChosen(file: "c.csv", columns: columns),
      .headerNotChosen(file: "c.csv", columns: columns),
      .noSuchColumn(file: "c.csv", column: "9", columns: columns),
      .noSuchColumn(file: "c.csv", column: "Name", columns: columns),
      .ambiguousColumn(file: "c.csv", column: "Name", numbers: [2, 5, 7]),
      .namedColumnWithoutHeader(file: "c.csv"), .textColumnsNotChosen(file: "c.csv"),
      .cancelled,
    ]
  }

  @Test func everyTransferErrorIsItsDescription() {
    for error in Self.errors {
      #expect(TransferErrorWording.sentence(for: error) == error.description, "\(error)")
    }
  }

  @Test func everyRefusedRowIsItsDescription() throws {
    let refusal = try #require(Rule.personalName.validate("R2D2").refusal)
    let causes: [any Error] = [RosterError.refused(refusal), TransferError.invalidID("12")]
    for cause in causes {
      for location in [ImportRefusal.Location.line(3), .entry(7)] {
        let row = ImportRefusal(file: "names.csv", location: location, cause: cause)
        #expect(TransferErrorWording.sentence(for: row) == row.description)
        #expect(TransferErrorWording.reason(for: row) == row.reason)
      }
    }
  }

  /// A store's refusal of a row is worded by StoreErrorWording, its only text.
  @Test func aRowTheStoreRefusedIsWordedByTheStoreErrorsWording() throws {
    let refusal = try #require(Rule.personalName.validate("R2D2").refusal)
    let id = UUID()
    for cause in [StoreError.refused("R2D2", refusal), .duplicateEntry(id)] {
      let row = ImportRefusal(file: "names.csv", location: .line(3), cause: cause)
      let sentence = StoreErrorWording.sentence(for: cause)
      #expect(TransferErrorWording.reason(for: row) == sentence)
      #expect(TransferErrorWording.sentence(for: row) == "names.csv line 3: " + sentence)
    }
    let category = TransferError.refusedCategory(
      file: "x.json", name: "Staff", reason: StoreError.listNotFound("Names"))
    #expect(
      TransferErrorWording.sentence(for: category)
        == "x.json: the category “Staff”: There is no list named “Names”.")
    #expect(
      TransferErrorWording.sentence(for: .destination(StoreError.busy))
        == StoreErrorWording.sentence(for: .busy))
  }

  @Test func anyErrorIsWordedAsItDescribesItself() {
    let errors: [any Error & CustomStringConvertible] = [
      RosterError.categoryNotFound("Staff"), TransferError.rowsRefused(1, of: 2),
      CocoaError(.fileNoSuchFile),
    ]
    for error in errors {
      #expect(ErrorWording.sentence(for: error) == error.description)
    }
  }

  @Test func everyOrderIsItsDescription() {
    for field in [EntryOrder.Field.text, .lastWord] {
      for descending in [false, true] {
        for locale in ["", "de_DE"] {
          let order = EntryOrder(field: field, descending: descending, locale: locale)
          #expect(EntryOrderWording.name(of: order) == order.description)
        }
      }
    }
  }

  @Test func printedLabelsAreRosterPrintsEnglish() {
    #expect(
      [PrintWording.text, PrintWording.category, PrintWording.signature] == [
        "Name", "Category", "Signature",
      ])
    #expect(
      PrintWording.summary(date: "2026-12-01", count: 1, grouped: "1") == "2026-12-01 · 1 entry")
    #expect(
      PrintWording.summary(date: "2026-12-01", count: 1234, grouped: "1,234")
        == "2026-12-01 · 1,234 entries")
    #expect(PrintWording.page(2, of: 31) == "Page 2 of 31")
  }

  @Test func theOrderTellsAKeptSortedListsRefusal() {
    let order = EntryOrder(field: .lastWord, descending: true, locale: "sv_SE")
    let error = RosterError.keptSorted("Guests", order)
    #expect(RosterErrorWording.sentence(for: error) == error.description)
  }
}
