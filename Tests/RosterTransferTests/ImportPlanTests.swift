import Foundation
import RosterKit
import RosterTransfer
import Testing

/// ``ImportPlan`` against an array: all or nothing, skip-invalid, dry run, and what stops an
/// import as a whole.
@Suite struct ImportPlanTests {
  /// Runs `plan` over `contents`; the refusals it reported, in order, as printed.
  func run(
    _ plan: ImportPlan, _ contents: String, into destination: ArrayDestination
  ) throws(TransferError) -> (ImportSummary, [String]) {
    let file: TransferFile
    do { file = try TransferFile(contents) } catch { fatalError("cannot write a test file") }
    var refusals: [String] = []
    let summary = try plan.run(reading: file.handle, name: "in.csv", into: destination) {
      refusals.append($0.description)
    }
    return (summary, refusals)
  }

  static let mixed = "Anna\nR2D2\n\n\"Zoë\nSmith\"\nBob,Staff\n"

  @Test func allOrNothingReportsEveryBadRowAndStoresNothing() {
    let destination = ArrayDestination()
    #expect {
      try run(ImportPlan(format: .csv), Self.mixed, into: destination)
    } throws: { error in
      guard case .rowsRefused(2, of: 4) = error as? TransferError else { return false }
      return "\(error)" == "Nothing imported: 2 of 4 rows refused."
    }
    #expect(destination.cancelled)
    #expect(destination.committed == nil)
  }

  @Test func skipInvalidStoresTheGoodRows() throws {
    let destination = ArrayDestination()
    let (summary, refusals) = try run(
      ImportPlan(format: .csv, skipsInvalidRows: true), Self.mixed, into: destination)
    #expect(summary.rows == 4)
    #expect(summary.refused == 2)
    #expect(summary.imported == 2)
    #expect(summary.isCommitted)
    #expect(refusals == ["in.csv line 2: “R2D2” refused", "in.csv line 4: “Zoë\nSmith” refused"])
    #expect(
      destination.committed == [ImportRow(text: "Anna"), ImportRow(text: "Bob", category: "Staff")])
  }

  @Test func aDryRunChecksEveryRowAndStoresNothing() throws {
    let destination = ArrayDestination()
    let (summary, refusals) = try run(
      ImportPlan(format: .csv, isDryRun: true), Self.mixed, into: destination)
    #expect(summary.imported == 2)
    #expect(!summary.isCommitted)
    #expect(refusals.count == 2)
    #expect(destination.cancelled)
    #expect(destination.committed == nil)
  }

  @Test func aHeaderNamesTheColumnsAndCellsAreChecked() throws {
    let destination = ArrayDestination(rule: .text)
    let file = """
      Category,TEXT,id,created
      Staff,'=1+2,,
      ,Bob,not-an-id,
      ,Carl,,yesterday
      ,Dora,8f2a3c4d-1b2c-4d5e-8f90-a1b2c3d4e5f6,2026-11-30T20:15:00.000Z
      """
    let (summary, refusals) = try run(
      ImportPlan(format: .csv, skipsInvalidRows: true), file, into: destination)
    #expect(summary.rows == 4)
    #expect(
      refusals == [
        "in.csv line 3: “not-an-id” is not an id.",
        "in.csv line 4: “yesterday” is not a time like 2026-11-30T20:15:00.000Z.",
      ])
    let rows = try #require(destination.committed)
    #expect(rows.map(\.text) == ["=1+2", "Dora"])
    #expect(rows.first?.category == "Staff")
    #expect(rows.last?.id == UUID(uuidString: "8f2a3c4d-1b2c-4d5e-8f90-a1b2c3d4e5f6"))
    #expect(rows.last?.created == Timestamp.parse("2026-11-30T20:15:00.000Z"))
  }

  @Test func aFailingDestinationStopsTheWholeImport() {
    let destination = ArrayDestination()
    destination.fatal = true
    #expect {
      try run(ImportPlan(format: .csv, skipsInvalidRows: true), "Anna\n", into: destination)
    } throws: { error in
      guard case .destination = error as? TransferError else { return false }
      return "\(error)" == "the destination failed"
    }
    #expect(destination.cancelled)
  }

  @Test func aMalformedFileNamesItsLine() {
    #expect {
      try run(ImportPlan(format: .csv), "Anna\nBo\"b\n", into: ArrayDestination())
    } throws: { error in
      "\(error)" == "in.csv line 2: a quote inside an unquoted field: quote the whole field."
    }
  }

  @Test func jsonCategoriesComeFirstAndEntriesAreCountedFromOne() throws {
    let destination = ArrayDestination()
    let document = """
      {"roster":1,"categories":[{"name":"Family","color":"#ff0000"}],
       "entries":[{"text":"R2D2"},{"text":"Anna","category":"Family"}]}
      """
    let (summary, refusals) = try run(
      ImportPlan(format: .json, skipsInvalidRows: true), document, into: destination)
    #expect(summary.imported == 1)
    #expect(refusals == ["in.csv entry 1: “R2D2” refused"])
    #expect(destination.categories.map(\.color) == [CategoryColor(hex: "#ff0000")])
  }

  @Test(arguments: [
    (
      #"{"roster":2,"entries":[]}"#,
      "in.csv has Roster JSON version 2; this roster reads version 1."
    ),
    (
      #"{"roster":1,"categories":[{"name":"A\nB","color":"red"}],"entries":[]}"#,
      "in.csv: the category “A\\nB” has a colour that is not #rrggbb."
    ),
    (#"{"roster":1}"#, "in.csv is not a Roster JSON document: “entries” is missing at the top."),
  ])
  func badDocumentsAreRefusedWhole(document: String, message: String) {
    #expect {
      try run(ImportPlan(format: .json), document, into: ArrayDestination())
    } throws: { error in
      "\(error)" == message
    }
  }
}
