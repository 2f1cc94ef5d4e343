import Foundation
import RosterKit
import RosterLocalization
import RosterTransfer

/// One change `roster watch` reports: an entry inserted, updated, removed or moved in a list.
///
/// Replayed in order on a copy of the list (insert at ``position``, remove by id, update by id,
/// move by id to ``position``), a follower's events leave the copy equal to the stored list.
struct WatchEvent: Equatable {
  /// What happened to the entry.
  enum Kind: String {
    case insert, update, remove, move
  }

  /// What happened.
  let kind: Kind
  /// The list's title when it happened.
  let list: String
  /// The entry as it is after the change (before it, for a removal).
  let entry: Entry
  /// The entry's text before an update.
  var oldText: String? = nil
  /// The 1-based position: where an insert or a move put the entry, where a removal took it
  /// from. `nil` for an update.
  let position: Int?
  /// The change-log position of the action.
  let sequence: Int64

  /// One JSON object: `list`, `kind`, `id`, `text`, `category`, `position` (not for updates)
  /// and `seq`, the change-log position of the action (several events of one action share it).
  var json: String {
    var members: [(String, String)] = [
      ("list", JSONText.string(list)), ("kind", JSONText.string(kind.rawValue)),
      ("id", JSONText.string(UUIDText.string(entry.id))), ("text", JSONText.string(entry.text)),
      ("category", JSONText.optional(entry.category)),
    ]
    if let position { members.append(("position", String(position))) }
    members.append(("seq", String(sequence)))
    return JSONText.object(members)
  }

  /// One line for a person: `Names: added “Anna” at #3 (1a2b3c4d)`.
  func line(_ style: (String) -> String) -> String {
    let id = "(" + style(String(UUIDText.string(entry.id).prefix(8))) + ")"
    let text = entry.text
    let at = position.map { " #\($0)" } ?? ""
    let what: String
    switch kind {
    case .insert: what = localized("added “%1$@” at%2$@", text, at)
    case .remove: what = localized("removed “%1$@” from%2$@", text, at)
    case .move: what = localized("moved “%1$@” to%2$@", text, at)
    case .update:
      if let oldText, oldText != entry.text {
        what = localized("changed “%1$@” to “%2$@”", oldText, text)
      } else if let category = entry.category {
        what = localized("set the category of “%1$@” to “%2$@”", text, category)
      } else {
        what = localized("set the category of “%@” to none", text)
      }
    }
    return "\(list): \(what) \(id)"
  }
}
