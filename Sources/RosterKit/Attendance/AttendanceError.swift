public import Foundation

/// Every refusal of the attendance rules, with a message a person can act on; front ends word
/// it in the reader's language from the associated values.
public enum AttendanceError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
  /// A status name is empty or has characters not allowed in a line of text.
  case invalidStatusName(Refusal)
  /// The list has a status of this name already.
  case statusExists(String)
  /// The list has no status of this name.
  case statusNotFound(String)
  /// A session name is empty or has characters not allowed in a line of text.
  case invalidSessionName(Refusal)
  /// The list has a session of this name already.
  case sessionExists(String)
  /// The list has no session of this name (or id, shown as its text).
  case sessionNotFound(String)
  /// The session (named) still has this many events: deleting it needs force.
  case sessionHasEvents(String, count: Int)
  /// The entry is checked in for the session already: the first check-in, which wins.
  case alreadyCheckedIn(AttendanceCheckIn)
  /// The entry was checked in twice: `mine`, made offline, reached the store after `first`,
  /// which holds the state. The store kept `mine` in the log as a double check-in; this tells
  /// the door that made it.
  case checkedInTwice(mine: AttendanceCheckIn, first: AttendanceCheckIn)
  /// The entry is not checked in for the session, so it cannot be checked out.
  case notCheckedIn(entry: UUID, session: UUID)
  /// The entry was checked out already, at this time.
  case alreadyCheckedOut(entry: UUID, session: UUID, at: Date)
  /// The entry was deleted from the list: its events stay, but it takes no new ones.
  case entryRemoved(UUID)

  /// A one-line message for a person, in English.
  public var description: String {
    switch self {
    case .invalidStatusName(let refusal): "Status name: \(refusal.message)"
    case .statusExists(let name): "A status named “\(name)” already exists."
    case .statusNotFound(let name): "There is no status named “\(name)”."
    case .invalidSessionName(let refusal): "Session name: \(refusal.message)"
    case .sessionExists(let name): "A session named “\(name)” already exists."
    case .sessionNotFound(let name): "There is no session named “\(name)”."
    case .sessionHasEvents(let name, let count):
      "The session “\(name)” has \(count) attendance events: delete it with force."
    case .alreadyCheckedIn(let first):
      "\(Self.short(first.entry)) was already checked in at "
        + "\(first.at.formatted(date: .omitted, time: .shortened)) by \(first.by) "
        + "(\(first.device))."
    case .checkedInTwice(let mine, let first):
      "\(Self.short(mine.entry)) was checked in twice: \(mine.device) at "
        + "\(mine.at.formatted(date: .omitted, time: .shortened)) (offline), \(first.device) at "
        + "\(first.at.formatted(date: .omitted, time: .shortened))."
    case .notCheckedIn(let entry, _): "\(Self.short(entry)) is not checked in."
    case .alreadyCheckedOut(let entry, _, let at):
      "\(Self.short(entry)) was already checked out at "
        + "\(at.formatted(date: .omitted, time: .shortened))."
    case .entryRemoved(let entry): "\(Self.short(entry)) was deleted from the list."
    }
  }

  /// The same as ``description``, for Foundation's error reporting.
  public var errorDescription: String? { description }

  /// An entry's short id, as the command line shows it.
  private static func short(_ id: UUID) -> String {
    String(id.uuidString.lowercased().prefix(8))
  }
}
