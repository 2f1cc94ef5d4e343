import CSQLite
import Foundation
import RosterBackend
import RosterKit

/// A prepared SQLite statement, owned and cached by its ``Database``.
final class Statement {
  private let raw: OpaquePointer
  private unowned let database: Database

  init(_ raw: OpaquePointer, database: Database) {
    self.raw = raw
    self.database = database
  }

  deinit { sqlite3_finalize(raw) }

  /// Makes the statement ready to run again, and forgets its bindings.
  func reset() {
    sqlite3_reset(raw)
    sqlite3_clear_bindings(raw)
  }

  /// Binds `values` to parameters 1, 2, ….
  func bind(_ values: some Collection<SQLValue>) throws(StoreError) {
    for (index, value) in values.enumerated() {
      try bind(value, at: Int32(index + 1))
    }
  }

  /// Binds one value to the 1-based parameter `index`.
  func bind(_ value: SQLValue, at index: Int32) throws(StoreError) {
    let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    func blob(_ bytes: UnsafeRawBufferPointer) -> Int32 {
      sqlite3_bind_blob(raw, index, bytes.baseAddress, Int32(bytes.count), transient)
    }
    let status: Int32
    switch value {
    case .integer(let number): status = sqlite3_bind_int64(raw, index, number)
    case .real(let number): status = sqlite3_bind_double(raw, index, number)
    case .text(let text): status = sqlite3_bind_text(raw, index, text, -1, transient)
    case .blob(let data): status = data.withUnsafeBytes(blob)
    case .bytes(let bytes): status = bytes.withUnsafeBytes(blob)
    case .id(let id):
      status = withUnsafeBytes(of: id.uuid) { bytes in
        sqlite3_bind_blob(raw, index, bytes.baseAddress, 16, transient)
      }
    case .null: status = sqlite3_bind_null(raw, index)
    }
    guard status == SQLITE_OK else { throw database.error(status) }
  }

  /// Binds an integer to the 1-based parameter `index`.
  func bind(integer: Int64, at index: Int32) throws(StoreError) {
    try check(sqlite3_bind_int64(raw, index, integer))
  }

  /// Binds a double to the 1-based parameter `index`.
  func bind(real: Double, at index: Int32) throws(StoreError) {
    try check(sqlite3_bind_double(raw, index, real))
  }

  /// Binds NULL to the 1-based parameter `index`.
  func bindNull(at index: Int32) throws(StoreError) {
    try check(sqlite3_bind_null(raw, index))
  }

  /// Binds `bytes` without copying them, as UTF-8 text or as a blob, to the 1-based parameter
  /// `index`: the caller keeps them alive and unchanged until ``reset()`` (which forgets the
  /// bindings).
  func bind(borrowing bytes: UnsafeBufferPointer<UInt8>, asText: Bool, at index: Int32)
    throws(StoreError)
  {
    guard let base = bytes.baseAddress else {
      // No address is NULL to SQLite: an empty value is bound as a copy.
      try bind(asText ? .text("") : .bytes([]), at: index)
      return
    }
    let count = Int32(bytes.count)
    try check(
      asText
        ? sqlite3_bind_text(raw, index, base, count, nil)
        : sqlite3_bind_blob(raw, index, base, count, nil))
  }

  private func check(_ status: Int32) throws(StoreError) {
    guard status == SQLITE_OK else { throw database.error(status) }
  }

  /// Advances to the next row: `true` when there is one, `false` when done.
  func step() throws(StoreError) -> Bool {
    let status = sqlite3_step(raw)
    switch status {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default:
      let error = database.error(status)
      sqlite3_reset(raw)
      throw error
    }
  }

  /// Column `index` of the current row as an integer.
  func integer(_ index: Int32) -> Int64 { sqlite3_column_int64(raw, index) }

  /// Column `index` of the current row as a double.
  func real(_ index: Int32) -> Double { sqlite3_column_double(raw, index) }

  /// Whether column `index` of the current row is NULL.
  func isNull(_ index: Int32) -> Bool { sqlite3_column_type(raw, index) == SQLITE_NULL }

  /// Column `index` of the current row as text; `nil` when NULL.
  func text(_ index: Int32) -> String? {
    guard let bytes = sqlite3_column_text(raw, index) else { return nil }
    let count = Int(sqlite3_column_bytes(raw, index))
    return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  }

  /// Column `index` of the current row as an id written by ``UUIDText``; `nil` otherwise.
  func uuid(_ index: Int32) -> UUID? {
    guard let bytes = sqlite3_column_text(raw, index) else { return nil }
    let count = Int(sqlite3_column_bytes(raw, index))
    return UUIDText.parse(UnsafeBufferPointer(start: bytes, count: count))
  }

  /// Column `index` of the current row as an entry id (16 bytes); `nil` otherwise.
  func entryID(_ index: Int32) -> UUID? {
    guard sqlite3_column_bytes(raw, index) == 16, let bytes = sqlite3_column_blob(raw, index)
    else { return nil }
    var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &uuid) {
      $0.copyMemory(from: UnsafeRawBufferPointer(start: bytes, count: 16))
    }
    return UUID(uuid: uuid)
  }

  /// Column `index` of the current row as bytes; `nil` when NULL.
  func blob(_ index: Int32) -> Data? {
    guard sqlite3_column_type(raw, index) != SQLITE_NULL else { return nil }
    let count = Int(sqlite3_column_bytes(raw, index))
    guard count > 0, let bytes = sqlite3_column_blob(raw, index) else { return Data() }
    return Data(bytes: bytes, count: count)
  }
}
