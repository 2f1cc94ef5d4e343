public import Foundation

/// When a replica was last in step with its server, as the app's header and `roster sync`
/// word it.
public enum SyncTimeWording {
  /// `19:02` on the day of `now`, `2026-12-06 19:02` another day, in the local time zone.
  /// - Complexity: O(1).
  public static func moment(_ date: Date, now: Date = Date()) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = .current
    formatter.dateFormat =
      Calendar.current.isDate(date, inSameDayAs: now) ? "HH:mm" : "yyyy-MM-dd HH:mm"
    return formatter.string(from: date)
  }
}
