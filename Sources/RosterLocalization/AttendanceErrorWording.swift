public import Foundation
public import RosterKit

/// An ``RosterKit/AttendanceError`` in the user's language: the sentences `roster checkin`,
/// `checkout`, `attendance`, `sessions` and `statuses` print.
public enum AttendanceErrorWording {
  /// The one line that tells a person why an attendance action was refused.
  /// - Parameters:
  ///   - error: The refusal.
  ///   - name: How to name an entry: its text in quotes, say; its short id when `nil`.
  /// - Returns: The sentence, without the `roster:` prefix.
  /// - Complexity: O(1), plus the length of the texts it quotes.
  public static func sentence(
    for error: AttendanceError, naming name: ((UUID) -> String)? = nil
  ) -> String {
    let named = name ?? { String($0.uuidString.lowercased().prefix(8)) }
    switch error {
    case .invalidStatusName(let refusal):
      return localized("Status name refused: %@", RefusalWording.sentence(for: refusal))
    case .statusExists(let status): return localized("A status named “%@” already exists.", status)
    case .statusNotFound(let status): return localized("There is no status named “%@”.", status)
    case .invalidSessionName(let refusal):
      return localized("Session name refused: %@", RefusalWording.sentence(for: refusal))
    case .sessionExists(let session):
      return localized("A session named “%@” already exists.", session)
    case .sessionNotFound(let session):
      return localized("There is no session named “%@”.", session)
    case .sessionHasEvents(let session, let count):
      return localizedPlural(
        "The session “%1$@” has %2$@ attendance event: delete it with --force.",
        "The session “%1$@” has %2$@ attendance events: delete it with --force.", count: count,
        session, count)
    case .alreadyCheckedIn(let first):
      return localized(
        "%1$@ was already checked in at %2$@ by %3$@ (%4$@).", named(first.entry),
        clockTime(first.at), first.by, first.device)
    case .checkedInTwice(let mine, let first):
      return localized(
        "%1$@ was checked in twice: %2$@ at %3$@ (offline), %4$@ at %5$@.", named(mine.entry),
        mine.device, clockTime(mine.at), first.device, clockTime(first.at))
    case .notCheckedIn(let entry, _): return localized("%@ is not checked in.", named(entry))
    case .alreadyCheckedOut(let entry, _, let at):
      return localized("%1$@ was already checked out at %2$@.", named(entry), clockTime(at))
    case .entryRemoved(let entry): return localized("%@ was deleted from the list.", named(entry))
    }
  }

  /// A time of day in the local time zone, as the messages show it: `19:02`.
  /// - Complexity: O(1).
  public static func clockTime(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = .current
    formatter.dateFormat = "HH:mm"
    return formatter.string(from: date)
  }
}
