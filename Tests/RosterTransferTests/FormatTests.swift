import Foundation
import RosterTransfer
import Testing

/// The small text formats the command line writes and reads.
@Suite struct FormatTests {
  @Test(arguments: [
    (0.0, "1970-01-01T00:00:00.000Z"), (951_782_400.5, "2000-02-29T00:00:00.500Z"),
    (-1.0, "1969-12-31T23:59:59.000Z"), (1_798_761_599.999, "2026-12-31T23:59:59.999Z"),
  ])
  func timestampsFormatAndParseBack(seconds: Double, text: String) throws {
    let date = Date(timeIntervalSince1970: seconds)
    #expect(Timestamp.format(date) == text)
    let parsed = try #require(Timestamp.parse(text))
    #expect(abs(parsed.timeIntervalSince1970 - seconds) < 0.001)
  }

  @Test func malformedTimesAreRefused() {
    for text in ["", "2026-11-30", "2026-11-30T20:15:00", "2026-11-30T20:15:00.0+02:00", "x" * 24] {
      #expect(Timestamp.parse(text) == nil, "\(text)")
    }
  }

  @Test(arguments: [
    "plain", "=1+2", "+x", "-x", "@x", "'=x", "''", "'a", "'", "a,b", "say \"hi\"", "two\nlines",
    "\ttab", "",
  ])
  func cellsRoundTripAndNeverStartAFormula(text: String) {
    let cell = CSVCell.encode(text)
    let unquoted =
      cell.hasPrefix("\"")
      ? String(cell.dropFirst().dropLast()).replacingOccurrences(of: "\"\"", with: "\"") : cell
    #expect(CSVCell.decode(unquoted) == text)
    #expect(!["=", "+", "-", "@"].contains(unquoted.first.map(String.init) ?? ""))
  }
}

extension String {
  fileprivate static func * (text: String, count: Int) -> String {
    String(repeating: text, count: count)
  }
}
