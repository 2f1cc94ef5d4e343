public import Foundation

/// ISO 8601 times in UTC with milliseconds (`2026-11-30T20:15:00.123Z`), formatted and parsed
/// by hand: fast enough for a million rows.
///
/// ```swift
/// Timestamp.format(Date(timeIntervalSince1970: 0))   // "1970-01-01T00:00:00.000Z"
/// Timestamp.parse("2026-11-30T20:15:00.123Z")        // a Date
/// ```
public enum Timestamp {
  /// `date` as ISO 8601 UTC with milliseconds.
  /// - Complexity: O(1).
  public static func format(_ date: Date) -> String {
    let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    let (days, dayMilliseconds) = floorDivision(milliseconds, 86_400_000)
    let (year, month, day) = civil(days)
    var bytes = [UInt8](repeating: 0, count: 24)
    func put(_ value: Int64, at start: Int, width: Int) {
      var rest = value
      for index in stride(from: start + width - 1, through: start, by: -1) {
        bytes[index] = 0x30 + UInt8(rest % 10)
        rest /= 10
      }
    }
    put(year, at: 0, width: 4)
    put(month, at: 5, width: 2)
    put(day, at: 8, width: 2)
    put(dayMilliseconds / 3_600_000, at: 11, width: 2)
    put(dayMilliseconds / 60_000 % 60, at: 14, width: 2)
    put(dayMilliseconds / 1_000 % 60, at: 17, width: 2)
    put(dayMilliseconds % 1_000, at: 20, width: 3)
    for (index, separator) in [
      (4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":"), (19, "."), (23, "Z"),
    ] {
      bytes[index] = separator.utf8.first!
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Quotient and non-negative remainder.
  private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
    let quotient = value / divisor - (value % divisor < 0 ? 1 : 0)
    return (quotient, value - quotient * divisor)
  }

  /// Year, month and day of `days` since 1970-01-01 (proleptic Gregorian calendar).
  private static func civil(_ days: Int64) -> (Int64, Int64, Int64) {
    let shifted = days + 719_468
    let era = floorDivision(shifted, 146_097).0
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// Parses `YYYY-MM-DDTHH:MM:SS[.fff]Z` (or `+00:00`); `nil` for anything else.
  /// - Complexity: O(n) in the length of `text`.
  public static func parse(_ text: String) -> Date? {
    let bytes = Array(text.utf8)
    guard bytes.count >= 20, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54,
      bytes[13] == 0x3A, bytes[16] == 0x3A
    else { return nil }
    func number(_ range: Range<Int>) -> Int32? {
      var value: Int32 = 0
      for index in range {
        guard (0x30...0x39).contains(bytes[index]) else { return nil }
        value = value * 10 + Int32(bytes[index] - 0x30)
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19)
    else { return nil }
    var index = 19
    var fraction = 0.0
    if bytes[index] == 0x2E {
      index += 1
      var scale = 0.1
      while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
        fraction += Double(bytes[index] - 0x30) * scale
        scale /= 10
        index += 1
      }
    }
    let zone = String(decoding: bytes[index...], as: UTF8.self)
    guard zone == "Z" || zone == "+00:00" else { return nil }
    var parts = tm()
    parts.tm_year = year - 1900
    parts.tm_mon = month - 1
    parts.tm_mday = day
    parts.tm_hour = hour
    parts.tm_min = minute
    parts.tm_sec = second
    return Date(timeIntervalSince1970: Double(timegm(&parts)) + fraction)
  }
}
