import Foundation
import RosterKit
import RosterTransfer
import Testing

/// Progress reports of long imports and exports, and their cancelling: a cancelled import
/// stores nothing.
@Suite struct ProgressTests {
  static let rows = 3 * TransferProgress.interval + 5

  static var names: String {
    (0..<rows).map { "Name \(String(repeating: "a", count: $0 % 7 + 1))\n" }.joined()
  }

  @Test(arguments: TransferFormat.allCases)
  func anImportReportsGrowingProgress(format: TransferFormat) throws {
    let contents: String
    if format == .json {
      let entries = (0..<Self.rows).map { _ in #"{"text":"Anna"}"# }.joined(separator: ",")
      contents = #"{"roster":1,"entries":["# + entries + "]}"
    } else {
      contents = Self.names
    }
    let file = try TransferFile(contents)
    var steps: [TransferProgress] = []
    let destination = ArrayDestination()
    let summary = try ImportPlan(format: format).run(
      reading: file.handle, name: "in", into: destination,
      progress: { step in
        steps.append(step)
        return true
      }
    ) { Issue.record("refused: \($0)") }
    #expect(summary.isCommitted)
    #expect(steps.map(\.done) == [1, 2, 3].map { $0 * TransferProgress.interval })
    let fractions = steps.compactMap(\.fraction)
    #expect(fractions.count == 3)
    #expect(fractions == fractions.sorted())
    #expect(fractions.allSatisfy { $0 > 0 && $0 < 1 })
  }

  @Test func aCancelledImportStoresNothing() throws {
    let file = try TransferFile(Self.names)
    let destination = ArrayDestination()
    var calls = 0
    #expect {
      try ImportPlan(format: .csv, skipsInvalidRows: true).run(
        reading: file.handle, name: "in.csv", into: destination,
        progress: { _ in
          calls += 1
          return calls < 2
        }
      ) { _ in }
    } throws: { error in
      guard case .cancelled = error as? TransferError else { return false }
      return "\(error)" == "Cancelled; nothing was written."
    }
    #expect(calls == 2)
    #expect(destination.rows.count == 2 * TransferProgress.interval)
    #expect(destination.cancelled)
    #expect(destination.committed == nil)
  }

  static let entries = (0..<(2 * TransferProgress.interval + 1)).map {
    Entry(id: UUID(), text: "Zoë \($0)", created: Date())
  }

  @Test func anExportReportsProgressAndCanBeCancelled() throws {
    var writer = ExportWriter(format: .csv, title: "T", rule: .text, categories: [])
    var text = ""
    var steps: [TransferProgress] = []
    try writer.write(Self.entries, total: Self.entries.count, to: { text += $0 }) { step in
      steps.append(step)
      return true
    }
    #expect(steps.map(\.done) == [TransferProgress.interval, 2 * TransferProgress.interval])
    #expect(
      steps.last?.fraction == Double(2 * TransferProgress.interval) / Double(Self.entries.count))
    #expect(text.hasSuffix("\r\n"))
    #expect(text.components(separatedBy: "\r\n").count == Self.entries.count + 2)

    var cancelled = ExportWriter(format: .json, title: "T", rule: .text, categories: [])
    var partial = ""
    #expect(throws: TransferError.self) {
      try cancelled.write(Self.entries, total: nil, to: { partial += $0 }) { _ in false }
    }
    #expect(!partial.hasSuffix("]}\n"))
    #expect(cancelled.count == TransferProgress.interval)
  }

  @Test func aByteOrderMarkStartsACSVForSpreadsheetsAndImportsBack() throws {
    let entry = Entry(id: UUID(), text: "Zoë", created: Date())
    var writer = ExportWriter(
      format: .csv, title: "T", rule: .personalName, categories: [], byteOrderMark: true)
    let file = writer.header + writer.text(for: entry) + writer.footer
    #expect(Array(file.utf8.prefix(4)) == [0xEF, 0xBB, 0xBF, 0x74])
    let json = ExportWriter(
      format: .json, title: "T", rule: .personalName, categories: [], byteOrderMark: true)
    #expect(json.header.hasPrefix("{"))
    let destination = ArrayDestination()
    let input = try TransferFile(file)
    _ = try ImportPlan(format: .csv).run(
      reading: input.handle, name: "bom.csv", into: destination
    ) { Issue.record("refused: \($0)") }
    #expect(destination.committed?.map(\.text) == ["Zoë"])
  }
}
