import Foundation
import RosterKit
import RosterTransfer
import Testing

/// A spreadsheet's own columns: refused until chosen, then joined into the text; names and
/// numbers resolved against the first row, as the app's preview and the command line both do.
@Suite struct ColumnMappingTests {
  static let school = "Last name,First name,Class\nNowak,Łukasz,3b\nSaldaña,Zoë,\n,Anna,3a\n"

  func run(_ plan: ImportPlan, _ contents: String, into destination: ArrayDestination)
    throws(TransferError) -> ImportSummary
  {
    let file: TransferFile
    do { file = try TransferFile(contents) } catch { fatalError("cannot write a test file") }
    return try plan.run(reading: file.handle, name: "in.csv", into: destination) {
      Issue.record("refused: \($0)")
    }
  }

  @Test func aSpreadsheetWithoutAMappingIsRefusedAndNothingIsStored() {
    let destination = ArrayDestination()
    #expect {
      try run(ImportPlan(format: .csv), Self.school, into: destination)
    } throws: { error in
      guard case .columnsNotChosen(_, let columns) = error as? TransferError else { return false }
      return columns == ["Last name", "First name", "Class"]
        && "\(error)".hasSuffix("has 3 columns: 1 “Last name”, 2 “First name”, 3 “Class”.")
    }
    #expect(destination.rows.isEmpty)
    #expect(destination.cancelled)
    #expect(destination.committed == nil)
  }

  @Test func chosenColumnsAreJoinedInOrderAndTheHeaderSkipped() throws {
    let destination = ArrayDestination()
    let plan = ImportPlan(
      format: .csv,
      columns: ColumnMapping(textColumns: [1, 0], categoryColumn: 2, firstRowIsHeader: true))
    let summary = try run(plan, Self.school, into: destination)
    #expect(summary.rows == 3)
    #expect(
      destination.committed == [
        ImportRow(text: "Łukasz Nowak", category: "3b"), ImportRow(text: "Zoë Saldaña"),
        ImportRow(text: "Anna", category: "3a"),
      ])
  }

  @Test func withoutAHeaderTheFirstRowIsAnEntryAndShortRowsHaveEmptyCells() throws {
    let destination = ArrayDestination(rule: .text)
    let plan = ImportPlan(
      format: .csv,
      columns: ColumnMapping(textColumns: [0, 2], categoryColumn: 1, firstRowIsHeader: false))
    _ = try run(plan, "a,Staff,b\nc\n'=x,,\n", into: destination)
    #expect(
      destination.committed == [
        ImportRow(text: "a b", category: "Staff"), ImportRow(text: "c"), ImportRow(text: "=x"),
      ])
  }

  @Test func aMappingBeyondTheFirstRowIsRefused() {
    let plan = ImportPlan(
      format: .csv, columns: ColumnMapping(textColumns: [3], firstRowIsHeader: true))
    #expect {
      try run(plan, Self.school, into: ArrayDestination())
    } throws: { error in
      "\(error)".hasPrefix("in.csv: no column 4; the first row has 3 columns")
    }
  }

  @Test func rosterFilesAndOneColumnFilesNeedNoMapping() throws {
    #expect(CSVFirstRow(fields: ["Category", " TEXT "]).isRosterHeader)
    #expect(!CSVFirstRow(fields: ["text", "email"]).isRosterHeader)
    #expect(!CSVFirstRow(fields: ["Anna"]).needsMapping)
    #expect(CSVFirstRow(fields: ["Anna", "Staff"]).needsMapping)
    let destination = ArrayDestination()
    _ = try run(ImportPlan(format: .csv), "Anna\nBob,Staff\n", into: destination)
    #expect(destination.committed?.map(\.category) == [nil, "Staff"])
  }

  @Test func theFirstRowIsReadAndTheHandlePutBack() throws {
    let file = try TransferFile("\n\n\"Last, name\",First\nNowak,Łukasz\n")
    let first = try #require(try CSVFirstRow.read(from: file.handle, name: "in.csv"))
    #expect(first.fields == ["Last, name", "First"])
    #expect(first.line == 3)
    #expect(try file.handle.offset() == 0)
    let empty = try TransferFile("\n")
    #expect(try CSVFirstRow.read(from: empty.handle, name: "empty.csv") == nil)
  }

  static let first = CSVFirstRow(fields: ["Last name", "First name", "Class", "Name", "name "])

  @Test func namesAndNumbersResolveAgainstTheFirstRow() throws {
    let choice = ColumnChoice(
      textColumns: [" first NAME", "1"], categoryColumn: "class", firstRowIsHeader: nil)
    #expect(
      try choice.mapping(for: Self.first, file: "f")
        == ColumnMapping(textColumns: [1, 0], categoryColumn: 2, firstRowIsHeader: true))
    let numbers = ColumnChoice(textColumns: ["3"], firstRowIsHeader: false)
    #expect(
      try numbers.mapping(for: Self.first, file: "f")
        == ColumnMapping(textColumns: [2], firstRowIsHeader: false))
    #expect(try ColumnChoice(firstRowIsHeader: nil).mapping(for: nil, file: "f") == nil)
    let header = CSVFirstRow(fields: ["text", "category"])
    #expect(try ColumnChoice(firstRowIsHeader: true).mapping(for: header, file: "f") == nil)
    #expect(
      try ColumnChoice(firstRowIsHeader: true).mapping(
        for: CSVFirstRow(fields: ["Name"]), file: "f")
        == ColumnMapping(textColumns: [0], firstRowIsHeader: true))
  }

  @Test(arguments: [
    (ColumnChoice(firstRowIsHeader: nil), "f: the first row is not Roster's header"),
    (ColumnChoice(firstRowIsHeader: true), "f: the first row is not Roster's header"),
    (ColumnChoice(textColumns: ["2"], firstRowIsHeader: nil), "f: say whether the first row"),
    (ColumnChoice(textColumns: ["0"], firstRowIsHeader: true), "f: no column 0;"),
    (ColumnChoice(textColumns: ["6"], firstRowIsHeader: true), "f: no column 6;"),
    (ColumnChoice(textColumns: ["Vorname"], firstRowIsHeader: nil), "f: no column “Vorname”;"),
    (ColumnChoice(textColumns: ["name"], firstRowIsHeader: nil), "f: “name” names columns 4 and 5"),
    (ColumnChoice(textColumns: ["Class"], firstRowIsHeader: false), "f: only a header row"),
    (ColumnChoice(categoryColumn: "1", firstRowIsHeader: true), "f: a category column needs"),
  ])
  func badChoicesSayWhatIsWrong(choice: ColumnChoice, message: String) {
    #expect {
      try choice.mapping(for: Self.first, file: "f")
    } throws: { error in
      "\(error)".hasPrefix(message)
    }
  }
}
