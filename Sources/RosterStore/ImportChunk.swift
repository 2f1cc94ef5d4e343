import Foundation
import RosterBackend
import RosterKit

/// Rows of a bulk import on their way to the insert thread, kept flat: the fixed columns of
/// each row in one array, its id, text and category bytes in one buffer, which the insert
/// statements bind without a copy. A row costs no `String` or enum value of its own, and
/// SQLite no allocation to copy its text.
struct ImportChunk {
  /// One row's columns; its bytes are in ``bytes``.
  private struct Row {
    var key: Int64
    var created: Double
    var updated: Double
    /// Where the row's 16 id bytes start; the text follows them.
    var start: Int
    var textCount: Int
    /// The category's bytes follow the text; -1 for none.
    var categoryCount: Int
  }

  /// The list every row goes into.
  let list: Int64
  private var rows: [Row] = []
  private var bytes: [UInt8] = []

  /// A chunk of rows for the list of row id `list`.
  init(list: Int64) {
    self.list = list
  }

  /// How many rows the chunk holds.
  var count: Int { rows.count }

  /// Adds `entry` at `key`.
  /// - Complexity: O(n) in the entry's bytes, amortized.
  mutating func append(_ entry: Entry, key: Int64) {
    let start = bytes.count
    withUnsafeBytes(of: entry.id.uuid) { bytes.append(contentsOf: $0) }
    var text = entry.text
    text.withUTF8 { bytes.append(contentsOf: $0) }
    var categoryCount = -1
    if var category = entry.category {
      categoryCount = category.withUTF8 { utf8 in
        bytes.append(contentsOf: utf8)
        return utf8.count
      }
    }
    rows.append(
      Row(
        key: key, created: entry.created.timeIntervalSinceReferenceDate,
        updated: entry.updated.timeIntervalSinceReferenceDate, start: start,
        textCount: bytes.count - start - 16 - max(categoryCount, 0), categoryCount: categoryCount)
    )
  }

  /// Empties the chunk, keeping its storage.
  mutating func removeAll() {
    rows.removeAll(keepingCapacity: true)
    bytes.removeAll(keepingCapacity: true)
  }

  /// Inserts every row: whole groups of `rowsPerGroup` with `group`, whose parameters are the
  /// list (`?1`) then each row's six other columns (key, id, text, category, created,
  /// updated), the rest one by one with `single`, which takes the seven columns of one row.
  /// - Complexity: O(n) in the rows, plus SQLite's cost of each.
  func insert(group: Statement, rowsPerGroup: Int, single: Statement) throws(StoreError) {
    try bytes.withUnsafeBufferPointer { (buffer) throws(StoreError) in
      var next = 0
      while rows.count - next >= rowsPerGroup {
        defer { group.reset() }
        try group.bind(integer: list, at: 1)
        for offset in 0..<rowsPerGroup {
          try bind(rows[next + offset], from: buffer, to: group, at: Int32(2 + 6 * offset))
        }
        while try group.step() {}
        next += rowsPerGroup
      }
      while next < rows.count {
        defer { single.reset() }
        try single.bind(integer: list, at: 1)
        try bind(rows[next], from: buffer, to: single, at: 2)
        while try single.step() {}
        next += 1
      }
    }
  }

  /// Binds the six columns of `row` after the list, from parameter `first` on.
  private func bind(
    _ row: Row, from buffer: UnsafeBufferPointer<UInt8>, to statement: Statement, at first: Int32
  ) throws(StoreError) {
    func slice(_ start: Int, _ count: Int) -> UnsafeBufferPointer<UInt8> {
      UnsafeBufferPointer(rebasing: buffer[start..<start + count])
    }
    try statement.bind(integer: row.key, at: first)
    try statement.bind(borrowing: slice(row.start, 16), asText: false, at: first + 1)
    let textStart = row.start + 16
    try statement.bind(borrowing: slice(textStart, row.textCount), asText: true, at: first + 2)
    if row.categoryCount < 0 {
      try statement.bindNull(at: first + 3)
    } else {
      try statement.bind(
        borrowing: slice(textStart + row.textCount, row.categoryCount), asText: true,
        at: first + 3)
    }
    try statement.bind(real: row.created, at: first + 4)
    try statement.bind(real: row.updated, at: first + 5)
  }
}
