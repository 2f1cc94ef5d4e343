/// The file formats Roster reads and writes.
public enum TransferFormat: String, CaseIterable, Sendable {
  /// RFC 4180 CSV: a header row `text,category,id,created,updated`, one row per entry.
  case csv
  /// The ``RosterDocument`` JSON document, schema version 1.
  case json

  /// The format a file's name implies: JSON for a `.json` extension (any case), else CSV.
  ///
  /// ```swift
  /// TransferFormat(inferringFrom: "Guests.JSON")   // .json
  /// TransferFormat(inferringFrom: nil)             // .csv (standard output)
  /// ```
  public init(inferringFrom path: String?) {
    self = path?.lowercased().hasSuffix(".json") == true ? .json : .csv
  }
}
