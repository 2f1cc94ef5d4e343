import CLibPQ
import Foundation
import RosterKit

/// The rows one statement returned, freed with the value. Columns come as text.
final class QueryResult {
  private let raw: OpaquePointer

  init(_ raw: OpaquePointer) { self.raw = raw }
  deinit { rpq_PQclear(raw) }

  /// How many rows.
  var count: Int { Int(rpq_PQntuples(raw)) }

  /// How many rows the statement changed (`UPDATE`, `DELETE`, `INSERT`).
  var changedRows: Int { Int(String(cString: rpq_PQcmdTuples(raw))) ?? 0 }

  /// Column `column` of row `row` as text; `nil` for NULL.
  func text(_ row: Int, _ column: Int) -> String? {
    guard rpq_PQgetisnull(raw, Int32(row), Int32(column)) == 0 else { return nil }
    return String(cString: rpq_PQgetvalue(raw, Int32(row), Int32(column)))
  }

  /// Column `column` of row `row` as an integer; 0 for NULL.
  func integer(_ row: Int, _ column: Int) -> Int64 {
    text(row, column).flatMap { Int64($0) } ?? 0
  }

  /// Column `column` of row `row` as a double; 0 for NULL.
  func real(_ row: Int, _ column: Int) -> Double {
    text(row, column).flatMap { Double($0) } ?? 0
  }

  /// Column `column` of row `row` as a UUID.
  func uuid(_ row: Int, _ column: Int) -> UUID? {
    guard rpq_PQgetisnull(raw, Int32(row), Int32(column)) == 0,
      let value = rpq_PQgetvalue(raw, Int32(row), Int32(column))
    else { return nil }
    let length = Int(rpq_PQgetlength(raw, Int32(row), Int32(column)))
    return value.withMemoryRebound(to: UInt8.self, capacity: length) {
      UUIDText.parse(UnsafeBufferPointer(start: $0, count: length))
    }
  }
}
