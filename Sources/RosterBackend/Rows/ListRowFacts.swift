package import Foundation
package import RosterKit

/// What a SQL store's handle for one list (``EntryRowStore/ListRow``) tells about the list, as
/// the transaction read it.
package protocol ListRowFacts {
  /// The list's id.
  var id: UUID { get }
  /// The list's title.
  var title: String { get }
  /// The rule new and edited texts must pass.
  var rule: Rule { get }
  /// The order the list keeps itself in, or `nil`.
  var keepSorted: EntryOrder? { get }
}
