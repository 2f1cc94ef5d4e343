import Foundation
public import RosterBackend
import RosterKit

/// A ``StoreError`` in the user's language: the only place its sentences are written (the C
/// locale reads the msgids, in English). An engine's own message (``StoreError/database(_:)``)
/// stays as it is; RosterKit's errors are worded by ``RosterErrorWording``.
public enum StoreErrorWording {
  /// The one line that tells a person what went wrong.
  /// - Complexity: O(1), plus the length of the texts it quotes.
  public static func sentence(for error: StoreError) -> String {
    switch error {
    case .refused(let input, let refusal):
      localized(
        "“%1$@” refused: %2$@", StoreError.visible(StoreError.excerpt(input)),
        RefusalWording.sentence(for: refusal))
    case .listNotFound(let name): localized("There is no list named “%@”.", name)
    case .listExists(let name): localized("A list named “%@” already exists.", name)
    case .busy:
      localized("The database is busy: other Roster processes kept it locked too long. Try again.")
    case .diskFull: localized("The disk is full.")
    case .constraint(let detail): localized("The database refused the change: %@.", detail)
    case .entryNotFound(let reference): localized("No entry matches “%@”.", reference)
    case .ambiguousEntry(let prefix, let matches):
      localized("“%1$@” is the start of %2$@ entries' ids: give more characters.", prefix, matches)
    case .positionOutOfRange(let position, let count):
      localizedPlural(
        "There is no position %1$@: the list has %2$@ entry.",
        "There is no position %1$@: the list has %2$@ entries.", count: count, position, count)
    case .reloadRequired:
      localized("The change log no longer covers this window: reload the list.")
    case .newerSchema(let version):
      localized(
        "The database has schema version %@, newer than this Roster understands.", version)
    case .teamsUnsupported:
      localized("Teams need a shared PostgreSQL database; a SQLite file has one user.")
    case .teamNotFound(let team): localized("There is no team role “%@”.", team)
    case .notTeamMember(let team): localized("You are not a member of the team “%@”.", team)
    case .duplicateEntry(let id):
      localized("The list already has an entry with id %@.", id.uuidString.lowercased())
    case .roster(let error): RosterErrorWording.sentence(for: error)
    case .attendance(let error): AttendanceErrorWording.sentence(for: error)
    case .database(let message): message
    }
  }
}
