import RosterCollation
public import RosterKit
import RosterLocalization

/// The app's Sort menu, display-free: its four orders, sorting the shown list as one undoable
/// action, and keeping it sorted.
///
/// The collation is the session's locale (`LC_ALL`, `LC_COLLATE`, `LANG`), as `roster sort`
/// uses it. While a list keeps itself sorted, choosing an order changes the kept order.
public final class SortController {
  /// One item of the Sort menu.
  public struct Command: Hashable, Sendable {
    /// The window action.
    public var action: WindowAction
    /// The menu label.
    public var label: String
    /// What it compares.
    public var field: EntryOrder.Field
    /// Z–A.
    public var descending: Bool
  }

  /// The Sort menu's orders, in menu order.
  public static let commands = [
    Command(action: .sortAToZ, label: localized("A–Z"), field: .text, descending: false),
    Command(action: .sortZToA, label: localized("Z–A"), field: .text, descending: true),
    Command(
      action: .sortLastWordAToZ, label: localized("A–Z by Last Word"), field: .lastWord,
      descending: false),
    Command(
      action: .sortLastWordZToA, label: localized("Z–A by Last Word"), field: .lastWord,
      descending: true),
  ]

  /// The collation of the session's locale.
  public let collation: any Collating
  /// Its ICU locale id, `""` for the root collation.
  public let locale: String
  /// The order last chosen, which Keep Sorted keeps (A–Z by default).
  public private(set) var lastOrder: EntryOrder

  /// A controller collating as `environment`'s locale says, or by the root collation.
  public init(environment: [String: String]) {
    let collator = (try? Collator(environment: environment)) ?? (try? Collator(locale: ""))
    // Without ICU's data (not even the root collation), Unicode scalar order.
    collation = collator ?? ScalarCollation()
    locale = collator?.locale ?? ""
    lastOrder = EntryOrder(locale: locale)
  }

  /// Sorts `list` as `command` says, as one action; in a list kept sorted, the kept order
  /// becomes this one. Returns the toast to show.
  /// - Complexity: O(n log n) comparisons of precomputed keys.
  @discardableResult
  public func perform(_ command: Command, on list: RosterList) -> String {
    let order = EntryOrder(field: command.field, descending: command.descending, locale: locale)
    lastOrder = order
    let change: ListChange
    if list.keepSorted != nil {
      change = list.setKeepSorted(order, collation: collation)
    } else {
      change = list.sort(order, collation: collation)
    }
    return change.edits.isEmpty
      ? localized("Already sorted %@", command.label) : localized("Sorted %@", command.label)
  }

  /// Turns keeping `list` sorted on (by the order last chosen) or off. Returns the toast.
  @discardableResult
  public func toggleKeepSorted(_ list: RosterList) -> String {
    if list.keepSorted != nil {
      list.setKeepSorted(nil)
      return localized("Entries stay where they are put")
    }
    list.setKeepSorted(lastOrder, collation: collation)
    return localized("Kept sorted %@: new entries go to their place", Self.label(of: lastOrder))
  }

  /// The menu label of an order.
  public static func label(of order: EntryOrder) -> String {
    commands.first { $0.field == order.field && $0.descending == order.descending }?.label
      ?? EntryOrderWording.name(of: order)
  }
}
