import Foundation
import RosterKit
import RosterTransfer
import Testing

/// What ``ExportWriter`` writes, ``ImportPlan`` reads back: texts, categories, ids and times to
/// the millisecond, in order.
@Suite struct ExportWriterTests {
  static let entries = [
    Entry(
      id: UUID(uuidString: "00000000-0000-4000-8000-000000000001")!, text: "=1+2, said \"she\"",
      category: "Staff", created: Date(timeIntervalSince1970: 1_800_000_000.123)),
    Entry(
      id: UUID(uuidString: "00000000-0000-4000-8000-000000000002")!, text: "-1 @home",
      created: Date(timeIntervalSince1970: 0), updated: Date(timeIntervalSince1970: 60)),
  ]

  func export(_ format: TransferFormat) -> String {
    var writer = ExportWriter(
      format: format, title: "Tasks", rule: .text,
      categories: [EntryCategory(name: "Staff", color: CategoryColor(hex: "#00aa11"))])
    let body = Self.entries.map { writer.text(for: $0) }.joined()
    #expect(writer.count == Self.entries.count)
    return writer.header + body + writer.footer
  }

  @Test(arguments: TransferFormat.allCases)
  func exportsImportBackTheSameEntries(format: TransferFormat) throws {
    let file = try TransferFile(export(format))
    let destination = ArrayDestination(rule: .text)
    _ = try ImportPlan(format: format).run(
      reading: file.handle, name: "export", into: destination
    ) { Issue.record("refused: \($0)") }
    let rows = try #require(destination.committed)
    #expect(rows.map(\.text) == Self.entries.map(\.text))
    #expect(rows.map(\.category) == Self.entries.map(\.category))
    #expect(rows.map(\.id) == Self.entries.map(\.id))
    #expect(rows.map(\.updated) == Self.entries.map(\.updated))
    if format == .json {
      #expect(destination.categories.map(\.name) == ["Staff"])
    }
  }

  @Test func csvHasAHeaderGuardedCellsAndCRLF() {
    let lines = export(.csv).components(separatedBy: "\r\n")
    #expect(lines[0] == "text,category,id,created,updated")
    #expect(
      lines[1].hasPrefix(#""'=1+2, said ""she""",Staff,00000000-0000-4000-8000-000000000001,"#))
    #expect(lines.last == "")
  }

  @Test func jsonIsOneDocument() throws {
    let object = try JSONSerialization.jsonObject(with: Data(export(.json).utf8)) as? [String: Any]
    #expect(object?["roster"] as? Int == RosterDocument.version)
    #expect(object?["title"] as? String == "Tasks")
    #expect((object?["entries"] as? [Any])?.count == 2)
  }

  @Test func anEmptyListIsAValidDocument() throws {
    let writer = ExportWriter(format: .json, title: "Empty", rule: .personalName, categories: [])
    let data = Data((writer.header + writer.footer).utf8)
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    #expect((object?["entries"] as? [Any])?.isEmpty == true)
  }

  @Test func theFormatFollowsTheFileName() {
    #expect(TransferFormat(inferringFrom: "list.JSON") == .json)
    #expect(TransferFormat(inferringFrom: "list.csv") == .csv)
    #expect(TransferFormat(inferringFrom: nil) == .csv)
  }
}
