import Foundation
import RosterBackend
import RosterKit
import RosterStore
import RosterTestSupport
import Testing

/// `roster import` of a file large enough for the bulk path (fresh ids drawn ahead, rows stored
/// on a second thread): a refused row near the end still refuses the whole file, and
/// `--skip-invalid` stores every other row.
@Suite struct BulkImportTests {
  static let rows = 60_000
  static let refusedRow = 57_001  // not a Staff row

  /// A personal-name CSV of ``rows`` rows, row ``refusedRow`` (1-based, after the header) a
  /// name the rule refuses.
  func writeFile(in t: Transcript) throws -> String {
    var text = "text,category\n"
    for row in 1...Self.rows {
      text +=
        row == Self.refusedRow ? "R2D2 Smith,\n" : "Anna Nowak,\(row % 3 == 0 ? "Staff" : "")\n"
    }
    let path = t.folder.appendingPathComponent("big.csv").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  func count(_ t: Transcript) throws -> Int {
    let store = try SQLiteStore(path: t.environment["ROSTER_DB"]!)
    return try #require(try store.list(titled: "Big")).count
  }

  @Test func aRefusedRowNearTheEndImportsNothing() throws {
    let t = try Transcript()
    try t.run("lists", "create", "Big")
    let file = try writeFile(in: t)
    let result = try t.run("import", file, "--list", "Big")
    #expect(result.status == 1)
    #expect(result.stderr.contains("line \(Self.refusedRow + 1)"), "\(result.stderr)")
    #expect(result.stderr.contains("R2D2"))
    #expect(try count(t) == 0)
  }

  @Test func skipInvalidStoresEveryOtherRowInOrder() throws {
    let t = try Transcript()
    try t.run("lists", "create", "Big")
    let file = try writeFile(in: t)
    let result = try t.run("import", file, "--list", "Big", "--skip-invalid")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try count(t) == Self.rows - 1)
    let store = try SQLiteStore(path: t.environment["ROSTER_DB"]!)
    let list = try store.loadList(try #require(try store.list(titled: "Big")).id)
    #expect(list.entries.filter { $0.category == "Staff" }.count == Self.rows / 3)
    #expect(try store.integrityCheck() == "ok")
  }
}
