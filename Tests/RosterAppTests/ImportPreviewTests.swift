import Foundation
import RosterAppCore
import RosterKit
import RosterTransfer
import Testing

@MainActor
@Suite struct ImportPreviewTests {
  private func file(_ name: String, _ text: String) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-import-preview-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent(name).path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func previewWritesNothingAndListsRefusals() throws {
    let list = RosterList(title: "Guests")
    try list.append("Anna")
    let path = try file("guests.csv", "text,category\nBob,Family\nR2D2,\nZoë,\n")
    var preview = ImportPreview.read(path: path, into: list)
    #expect(list.entries.map(\.text) == ["Anna"])
    #expect(preview.rows == 3)
    #expect(preview.refusalLines.count == 1)
    #expect(preview.refusalLines[0].hasPrefix("Line 3: “R2D2” refused:"))
    #expect(!preview.canImport)
    #expect(preview.addCount == 0)
    #expect(preview.summary.hasPrefix("1 of 3 rows is refused. All or nothing"))
    preview.skipsInvalidRows = true
    #expect(preview.canImport)
    #expect(preview.summary == "2 will be added to “Guests”; 1 of 3 rows is refused and skipped.")
    #expect(preview.confirmLabel == "Import 2 entries")
    let summary = try preview.run()
    #expect(summary.imported == 2)
    #expect(list.entries.map(\.text) == ["Anna", "Bob", "Zoë"])
    #expect(list.entries.map(\.category) == [nil, "Family", nil])
    list.undo()
    #expect(list.entries.map(\.text) == ["Anna"])
    #expect(list.categories.isEmpty)
  }

  @Test func aSchoolsSpreadsheetWaitsForItsColumns() throws {
    let list = RosterList(title: "3b")
    let csv = "Last name,First name,Class\nNowak,Łukasz,3b\nOwusu,Ama,3b\nLee,,\n"
    var preview = ImportPreview.read(path: try file("class.csv", csv), into: list)
    #expect(preview.columns == ["Last name", "First name", "Class"])
    #expect(preview.needsColumns)
    #expect(!preview.canImport)
    #expect(preview.rows == 0)
    #expect(preview.summary.hasPrefix("The first row is not Roster's header"))
    #expect(preview.textColumnsLine == "Text: none chosen yet")

    preview.choose(ColumnMapping(textColumns: [1, 0], categoryColumn: 2, firstRowIsHeader: true))
    #expect(preview.textColumnsLine == "Text: First name + Last name")
    #expect(preview.rows == 3)
    #expect(preview.refusals.isEmpty)
    #expect(preview.canImport)
    #expect(preview.confirmLabel == "Import 3 entries")
    try preview.run()
    #expect(list.entries.map(\.text) == ["Łukasz Nowak", "Ama Owusu", "Lee"])
    #expect(list.entries.map(\.category) == ["3b", "3b", nil])
  }

  @Test func aFirstRowThatIsNotAHeaderIsCountedAndChecked() throws {
    let list = RosterList(title: "3b")
    let csv = "Nowak,Łukasz\nOwusu,Ama\n"
    var preview = ImportPreview.read(path: try file("class.csv", csv), into: list)
    preview.choose(ColumnMapping(textColumns: [1, 0], firstRowIsHeader: true))
    #expect(preview.rows == 1)
    preview.choose(ColumnMapping(textColumns: [1, 0], firstRowIsHeader: false))
    #expect(preview.rows == 2)
    preview.choose(ColumnMapping(textColumns: [], firstRowIsHeader: false))
    #expect(preview.rows == 0)
    #expect(!preview.canImport)
    #expect(list.isEmpty)
  }

  @Test func rosterHeaderAndOneColumnNeedNoChoice() throws {
    let list = RosterList(title: "T")
    let own = ImportPreview.read(path: try file("a.csv", "text,category\nAnna,\n"), into: list)
    #expect(own.columns == nil)
    #expect(own.rows == 1)
    let single = ImportPreview.read(path: try file("b.csv", "Anna\nBob\n"), into: list)
    #expect(single.columns == nil)
    #expect(single.rows == 2)
  }

  @Test func allOrNothingRefusesTheWholeFile() throws {
    let list = RosterList(title: "Guests")
    let path = try file("guests.csv", "Bob\nR2D2\n")
    let preview = ImportPreview.read(path: path, into: list)
    #expect(throws: TransferError.self) { try preview.run() }
    #expect(list.isEmpty)
    #expect(!list.canUndo)
  }

  @Test func jsonDocumentBringsItsCategoryColours() throws {
    let list = RosterList(title: "Guests")
    let json = """
      {"roster": 1, "title": "T", "rule": {"kind": "personalName"},
       "categories": [{"name": "Family", "color": "#1c71d8"}],
       "entries": [{"text": "Anna", "category": "Family"}, {"text": "Bob"}]}
      """
    let preview = ImportPreview.read(path: try file("list.json", json), into: list)
    #expect(preview.failure == nil, "\(preview.failure ?? "")")
    #expect(preview.confirmLabel == "Import 2 entries")
    try preview.run()
    #expect(list.entries.map(\.text) == ["Anna", "Bob"])
    #expect(list.category(named: "Family")?.color.hex == "#1c71d8")
  }

  @Test func malformedAndMissingFilesSayWhy() throws {
    let list = RosterList(title: "Guests")
    let broken = ImportPreview.read(path: try file("bad.csv", "\"Anna\n"), into: list)
    #expect(broken.failure?.contains("bad.csv line 1") == true)
    #expect(!broken.canImport)
    let missing = ImportPreview.read(path: "/nonexistent/x.csv", into: list)
    #expect(missing.failure == "Cannot read “x.csv”: no such readable file")
  }

  @Test func exportWritesWhatImportReads() throws {
    let list = RosterList(title: "Guests")
    try list.append("Zoë", category: "Family")
    try list.append("Łukasz Nowak")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-export-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for name in ["out.csv", "out.json"] {
      let path = folder.appendingPathComponent(name).path
      #expect(try ListExport.write(list, to: path) == 2)
      let copy = RosterList(title: "Copy")
      try ImportPreview.read(path: path, into: copy).run()
      #expect(copy.entries.map(\.text) == ["Zoë", "Łukasz Nowak"])
      #expect(copy.entries.map(\.category) == ["Family", nil])
    }
  }

  @Test func spreadsheetExportStartsWithAByteOrderMarkAndJSONNever() throws {
    let list = RosterList(title: "Guests")
    try list.append("Zoë")
    let csv = try file("excel.csv", "")
    try ListExport.write(list, to: csv, byteOrderMark: true)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: csv))
    #expect(Array(bytes.prefix(3)) == [0xEF, 0xBB, 0xBF])
    #expect(String(decoding: bytes.dropFirst(3), as: UTF8.self).hasPrefix("text,category"))
    let json = try file("list.json", "")
    try ListExport.write(list, to: json, byteOrderMark: true)
    #expect(try Data(contentsOf: URL(fileURLWithPath: json)).first == UInt8(ascii: "{"))
    let copy = RosterList(title: "Copy")
    try ImportPreview.read(path: csv, into: copy).run()
    #expect(copy.entries.map(\.text) == ["Zoë"])
  }

  @Test func cancelledExportLeavesNoFile() throws {
    let list = RosterList(title: "Many")
    for index in 0..<(TransferProgress.interval + 10) {
      try list.append("Name " + Self.letters(index))
    }
    let path = try file("many.csv", "")
    var calls = 0
    #expect(throws: TransferError.self) {
      try ListExport.write(list, to: path) { _ in
        calls += 1
        return false
      }
    }
    #expect(calls == 1)
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func cancelledImportWritesNothing() throws {
    let rows = (0..<(2 * TransferProgress.interval)).map { "Name " + Self.letters($0) }
    let path = try file("big.csv", "text\n" + rows.joined(separator: "\n") + "\n")
    let list = RosterList(title: "Big")
    var preview = ImportPreview.read(path: path, into: list) { _ in false }
    #expect(preview.wasCancelled)
    #expect(!preview.canImport)
    preview = ImportPreview.read(path: path, into: list)
    #expect(preview.rows == rows.count)
    var seen: [Int] = []
    #expect(throws: TransferError.self) {
      try preview.run { step in
        seen.append(step.done)
        return false
      }
    }
    #expect(seen == [TransferProgress.interval])
    #expect(list.isEmpty)
    #expect(!list.canUndo)
  }

  /// `number` written in letters, so that every name passes the name rule: 0 is “Aaaa”.
  private static func letters(_ number: Int) -> String {
    var rest = number
    var word = ""
    for _ in 0..<4 {
      word.append(Character(UnicodeScalar(UInt8(97 + rest % 26))))
      rest /= 26
    }
    return word.capitalized
  }
}
