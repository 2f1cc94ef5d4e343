public import Foundation
public import RosterKit
import RosterLocalization

/// Deleting without confirmation: removes entries as one undoable action and words the toast.
@MainActor
public final class DeleteController {
  /// The list entries are deleted from.
  public let list: RosterList

  /// Creates a controller for `list`.
  public init(list: RosterList) {
    self.list = list
  }

  /// Removes the entries with these ids (unknown ids are skipped) as one undo step.
  /// - Returns: The toast's title, or `nil` when nothing was removed.
  @discardableResult
  public func delete(_ ids: [UUID]) -> String? {
    let known = ids.filter { list.entry(id: $0) != nil }
    guard !known.isEmpty else { return nil }
    // Every id left is in the list, so removing them cannot fail.
    do { return Self.toastTitle(for: try list.remove(ids: known)) } catch {
      preconditionFailure("\(error)")
    }
  }

  /// “Deleted “Anna”” for one entry, “Deleted 3 entries” for more.
  public static func toastTitle(for removed: [Entry]) -> String {
    removed.count == 1
      ? localized("Deleted “%@”", removed[0].text)
      : localizedPlural(
        "Deleted %@ entry", "Deleted %@ entries", count: removed.count, removed.count)
  }
}
