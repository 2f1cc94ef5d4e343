public import Foundation

/// A session of a list: an evening of an event, a class on a date.
///
/// Events name sessions by ``id``, so renaming a session rewrites no event. The ``name`` is
/// unique in its list (``AttendanceLedger`` enforces it).
///
/// ```swift
/// var calendar = Calendar(identifier: .gregorian)
/// calendar.timeZone = .current
/// AttendanceSession.defaultName(at: Date(), calendar: calendar)   // "2025-06-14"
/// try AttendanceSession.normalizedName("  Evening 1 ")            // "Evening 1"
/// ```
public struct AttendanceSession: Hashable, Sendable, Codable, Identifiable {
  /// The session's identity, which events carry.
  public let id: UUID
  /// The session's name, normalized, unique in its list.
  public var name: String

  /// A session whose name the caller has already normalized (from a store).
  /// - Complexity: O(1).
  public init(id: UUID, name: String) {
    self.id = id
    self.name = name
  }

  /// A session name as lists store it: the text rule's normalization, as for list titles.
  /// - Throws: ``AttendanceError/invalidSessionName(_:)`` for an empty name or one with control or
  ///   invisible characters.
  /// - Complexity: O(m) in the name's length.
  public static func normalizedName(_ name: String) throws(AttendanceError) -> String {
    switch Rule.text.validate(name) {
    case .valid(let normalized): return normalized
    case .invalid(let refusal): throw .invalidSessionName(refusal)
    }
  }

  /// The default session's name: the day `date` falls on in `calendar`'s time zone, as
  /// `YYYY-MM-DD` (Gregorian digits whatever the calendar's own era).
  /// - Complexity: O(1).
  public static func defaultName(at date: Date, calendar: Calendar) -> String {
    var gregorian = Calendar(identifier: .gregorian)
    gregorian.timeZone = calendar.timeZone
    let day = gregorian.dateComponents([.year, .month, .day], from: date)
    return pad(day.year ?? 0, 4) + "-" + pad(day.month ?? 0, 2) + "-" + pad(day.day ?? 0, 2)
  }

  private static func pad(_ number: Int, _ width: Int) -> String {
    let digits = String(number)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
