import Foundation
public import RosterKit
import RosterLocalization

/// What the window says of attendance, in the reader's language: the header's count, the
/// toasts of a door, and the check button's name for screen readers.
public enum AttendanceWording {
  /// The header's subtitle: `13 of 40 checked in · 11 inside`.
  /// - Complexity: O(1).
  public static func subtitle(_ counts: AttendanceCounts, of total: Int) -> String {
    localized(
      "%1$@ of %2$@ checked in · %3$@ inside", GroupedNumber.text(counts.checkedIn),
      GroupedNumber.text(total), GroupedNumber.text(counts.inside))
  }

  /// The toast after a check-in: `Checked in “Zoë Saldaña” · 14 of 40`.
  /// - Complexity: O(1).
  public static func checkedIn(_ text: String, _ counts: AttendanceCounts, of total: Int)
    -> String
  {
    localized(
      "Checked in “%1$@” · %2$@ of %3$@", text, GroupedNumber.text(counts.checkedIn),
      GroupedNumber.text(total))
  }

  /// The toast after Enter in the search while several entries match.
  /// - Complexity: O(1).
  public static func severalMatch(_ count: Int) -> String {
    localizedPlural(
      "%@ entry matches: type more to check one in.",
      "%@ entries match: type more to check one in.", count: count, GroupedNumber.text(count))
  }

  /// The toast after Enter in the search while nothing matches.
  /// - Complexity: O(1).
  public static func noMatch(_ query: String) -> String {
    localized("No entry matches “%@”.", query)
  }

  /// The check button's name: `Check in Zoë Saldaña` while not checked in, else what the state
  /// is: `Checked in at 19:02 by anna`, `Late at 19:04 by anna`, `Left at 21:30`.
  /// - Complexity: O(1).
  public static func checkButtonName(_ text: String, _ state: AttendanceState?) -> String {
    guard let state else { return localized("Check in %@", text) }
    if let left = state.leftAt, state.isCheckedIn {
      return localized("Left at %@", AttendanceErrorWording.clockTime(left))
    }
    let time = AttendanceErrorWording.clockTime(state.marked.at)
    if state.status == AttendanceStatus.present.name {
      return localized("Checked in at %1$@ by %2$@", time, state.marked.by)
    }
    return localized(
      "Marked %1$@ at %2$@ by %3$@", statusName(state.status), time, state.marked.by)
  }

  /// What the row shows beside its text: nothing for a plain check-in, else the status or
  /// when the entry left: `late`, `excused`, `left 21:30`.
  /// - Complexity: O(1).
  public static func rowNote(_ state: AttendanceState?) -> String? {
    guard let state else { return nil }
    if let left = state.leftAt, state.isCheckedIn {
      return localized("left %@", AttendanceErrorWording.clockTime(left))
    }
    return state.status == AttendanceStatus.present.name ? nil : statusName(state.status)
  }

  /// A status's name as the menus show it: the default ones translated, the list's own as
  /// they were named.
  /// - Complexity: O(1).
  public static func statusName(_ status: String) -> String {
    switch status {
    case AttendanceStatus.present.name: localized("present")
    case AttendanceStatus.late.name: localized("late")
    case AttendanceStatus.excused.name: localized("excused")
    case AttendanceStatus.absent.name: localized("absent")
    default: status
    }
  }
}
