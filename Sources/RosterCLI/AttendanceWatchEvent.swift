import Foundation
import RosterKit
import RosterLocalization
import RosterTransfer

/// One attendance event `roster watch` reports: a check-in, a status change, a check-out or a
/// clear (an undo included), as another process stored it.
struct AttendanceWatchEvent: Equatable, WatchReport {
  /// The list's title when it was reported.
  let list: String
  /// The session's name.
  let session: String
  /// The entry's text; `nil` when the entry is no longer in the list.
  let text: String?
  /// The event as stored.
  let event: AttendanceEvent

  /// One JSON object: `list`, `kind` (`checkin`, `status`, `checkout`, `clear`), `session`,
  /// `id` and `text` of the entry (`text` null when it was deleted), `status` (null for a
  /// check-out or a clear), `by`, `device`, `at` (ISO 8601, on the device) and `event` (the
  /// event's id).
  var json: String {
    JSONText.object([
      ("list", JSONText.string(list)), ("kind", JSONText.string(event.kind.rawValue)),
      ("session", JSONText.string(session)),
      ("id", JSONText.string(UUIDText.string(event.entry))), ("text", JSONText.optional(text)),
      ("status", JSONText.optional(event.status)), ("by", JSONText.string(event.by)),
      ("device", JSONText.string(event.device)),
      ("at", JSONText.string(Timestamp.format(event.at))),
      ("event", JSONText.string(UUIDText.string(event.id))),
    ])
  }

  /// One line for a person: `Names: checked in “Zoë” at Evening as present by anna (door-1)
  /// (4427d28c)`.
  func line(_ style: (String) -> String) -> String {
    let id = "(" + style(String(UUIDText.string(event.entry).prefix(8))) + ")"
    let name = text ?? "-"
    let status = event.status ?? ""
    let what =
      switch event.kind {
      case .checkin:
        localized(
          "checked in “%1$@” at %2$@ as %3$@ by %4$@ (%5$@)", name, session, status, event.by,
          event.device)
      case .status:
        localized(
          "marked “%1$@” %3$@ at %2$@ by %4$@ (%5$@)", name, session, status, event.by,
          event.device)
      case .checkout:
        localized(
          "checked out “%1$@” of %2$@ by %3$@ (%4$@)", name, session, event.by, event.device)
      case .clear:
        localized("cleared “%1$@” at %2$@ by %3$@ (%4$@)", name, session, event.by, event.device)
      }
    return "\(list): \(what) \(id)"
  }
}
