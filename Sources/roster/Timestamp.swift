import Foundation

/// ISO 8601 times in UTC with milliseconds (`2026-11-30T20:15:00.123Z`), formatted and parsed
/// by hand: fast enough for a million rows.
enum Timestamp {
  /// `date` as ISO 8601 UTC with milliseconds.
  static func format(_ date: Date) -> String {
    let milliseconds = (date.timeIntervalSince1970 * 1000).rounded(.down)
    var seconds = time_t(Int64((milliseconds / 1000).rounded(.down)))
    let fraction = Int(milliseconds - Double(seconds) * 1000)
    var parts = tm()
    gmtime_r(&seconds, &parts)
    func pad(_ value: Int32, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))"
      + "T\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2))"
      + ".\(pad(Int32(fraction), 3))Z"
  }

  /// Parses `YYYY-MM-DDTHH:MM:SS[.fff]Z` (or `+00:00`); `nil` for anything else.
  static func parse(_ text: String) -> Date? {
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
