import Foundation

/// A value bound to a statement parameter.
enum SQLValue {
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob(Data)
  /// A blob from a byte array, bound without a copy into `Data` first.
  case bytes([UInt8])
  /// An entry id, stored as its 16 bytes.
  case id(UUID)
  case null
}
