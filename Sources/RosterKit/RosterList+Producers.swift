public import Foundation

/// RosterKit's rules for a list the caller has not loaded.
///
/// A store that runs an action on its rows without loading the list (`roster add` into a list
/// of a million entries) asks these functions what the action is, from the few rows it looked
/// up, and records the ``ListEdit``s they return; it never decides itself. A loaded
/// ``RosterList`` places, checks and stamps its own entries by the same functions, so the two
/// paths cannot drift apart.
///
/// ```swift
/// let entry = try RosterList.newEntry("Zoë", rule: .personalName, category: nil,
///                                     now: Date.init, makeID: UUID.init)
/// let edit = try RosterList.insertion(
///   of: entry, count: rows.count, last: rows.last?.id, keepSorted: order,
///   collationProvider: Collator.provider) { offset in rows[offset] }
/// ```
extension RosterList {
  /// The entry a new text makes (an add, a pasted line, an imported row), not yet in any list.
  /// - Parameters:
  ///   - text: The text; `rule` checks and normalizes it.
  ///   - rule: The list's rule.
  ///   - category: A category name as ``CategoryRules/normalizedName(_:)`` returns it, or `nil`.
  ///   - id: The id to keep (an import of an export); `makeID`'s when `nil`.
  ///   - created: The creation time; `now`'s when `nil`.
  ///   - updated: The last change; `created` when `nil`.
  ///   - now: The clock.
  ///   - makeID: Makes the id of an entry that brings none.
  /// - Returns: The entry, for a list or a store to add.
  /// - Throws: ``RosterError/refused(_:)`` with the rule's reason.
  /// - Complexity: O(m) in the text's length.
  public static func newEntry(
    _ text: String, rule: Rule, category: String?, id: UUID? = nil, created: Date? = nil,
    updated: Date? = nil, now: () -> Date, makeID: () -> UUID
  ) throws(RosterError) -> Entry {
    switch rule.validate(text) {
    case .valid(let normalized):
      let stamp = created ?? now()
      return Entry(
        id: id ?? makeID(), text: normalized, category: category, created: stamp,
        updated: updated ?? stamp)
    case .invalid(let refusal):
      throw .refused(refusal)
    }
  }

  /// The entry a new text makes in this list (a pasted line, an imported row), stamped by the
  /// list's clock and ids but not added: hand it to ``append(prepared:after:)``.
  /// - Parameters:
  ///   - text: The text; the list's rule checks and normalizes it.
  ///   - category: A category name, normalized here; `nil` for none.
  ///   - id: The id to keep (an import of an export); a new one when `nil`.
  ///   - created: The creation time; now when `nil`.
  ///   - updated: The last change; `created` when `nil`.
  /// - Returns: The entry, not in the list.
  /// - Throws: ``RosterError/invalidCategoryName(_:)`` or ``RosterError/refused(_:)``.
  /// - Complexity: O(m) in the text's length.
  public func newEntry(
    _ text: String, category: String? = nil, id: UUID? = nil, created: Date? = nil,
    updated: Date? = nil
  ) throws(RosterError) -> Entry {
    try Self.newEntry(
      text, rule: rule, category: try CategoryRules.normalizedName(category), id: id,
      created: created, updated: updated, now: now, makeID: makeID)
  }

  /// `old` with its text changed to `text`, checked and normalized by `rule`, updated at
  /// `now()`; `nil` when the normalized text is the one it has.
  /// - Throws: ``RosterError/refused(_:)`` with the rule's reason.
  /// - Complexity: O(m) in the text's length.
  public static func retexted(_ old: Entry, to text: String, rule: Rule, now: () -> Date)
    throws(RosterError) -> Entry?
  {
    switch rule.validate(text) {
    case .valid(let normalized):
      guard normalized != old.text else { return nil }
      // Made afresh rather than as a changed copy of `old`: an entry copied costs a call and a
      // retain of each string.
      return Entry(
        id: old.id, text: normalized, category: old.category, created: old.created,
        updated: now())
    case .invalid(let refusal):
      throw .refused(refusal)
    }
  }

  /// The offset at which an entry with `text` belongs in a list kept sorted by `order`: after
  /// every entry it does not sort before, so that ties keep their order of arrival. The one
  /// binary search behind every sorted place, in a loaded list or in a store's rows.
  /// - Parameters:
  ///   - text: The new or edited text.
  ///   - order: The order the list keeps.
  ///   - collationProvider: Makes the collation of `order`'s locale, as
  ///     ``RosterList/collationProvider``; Unicode scalar order when `nil`.
  ///   - count: How many entries to place it among.
  ///   - textAt: The text of the entry at a 0-based offset below `count`.
  /// - Returns: An offset in `0...count`.
  /// - Throws: What `textAt` throws.
  /// - Complexity: O(log n) key computations and calls of `textAt`.
  public static func sortedOffset<Failure: Error>(
    of text: String, by order: EntryOrder,
    collationProvider: ((String) -> any Collating)?, count: Int,
    textAt: (Int) throws(Failure) -> String
  ) throws(Failure) -> Int {
    try sortedOffset(
      of: text, by: order, collation: collationProvider?(order.locale) ?? ScalarCollation(),
      count: count, textAt: textAt)
  }

  /// The insert edit that adds `entry` to a list as ``append(contentsOf:category:)`` does: at
  /// the end, or in a list kept sorted at its sorted place (``sortedOffset(of:by:collationProvider:count:textAt:)``).
  /// Offsets in the edit are hints; a store replays it by its anchor.
  /// - Parameters:
  ///   - entry: The new entry (``newEntry(_:rule:category:id:created:updated:now:makeID:)``).
  ///   - count: How many entries the list has.
  ///   - last: The id of the list's last entry, or `nil` when it is empty.
  ///   - order: The order the list keeps itself in, or `nil`.
  ///   - collationProvider: Makes the collation of `order`'s locale; scalar order when `nil`.
  ///   - entryAt: The entry at a 0-based offset below `count` (asked only in a list kept
  ///     sorted).
  /// - Returns: One ``ListEdit/insert(_:offset:after:)`` edit.
  /// - Throws: What `entryAt` throws.
  /// - Complexity: O(1) unsorted; O(log n) key computations and calls of `entryAt` sorted.
  public static func insertion<Failure: Error>(
    of entry: Entry, count: Int, last: UUID?, keepSorted order: EntryOrder?,
    collationProvider: ((String) -> any Collating)?,
    entryAt: (Int) throws(Failure) -> Entry
  ) throws(Failure) -> ListEdit {
    guard let order else { return .insert(entry, offset: count, after: last) }
    let place = try sortedOffset(
      of: entry.text, by: order, collationProvider: collationProvider, count: count
    ) { offset throws(Failure) in try entryAt(offset).text }
    return .insert(entry, offset: place, after: place > 0 ? try entryAt(place - 1).id : nil)
  }

  /// The move that takes an edited entry to its new sorted place, as ``updateText(of:to:)``
  /// moves it in a list kept sorted: none when it stays where it is or the list keeps no order.
  /// - Parameters:
  ///   - entry: The entry as edited.
  ///   - predecessor: The id of the entry just before it now, or `nil` at the start.
  ///   - order: The order the list keeps itself in, or `nil`.
  ///   - collationProvider: Makes the collation of `order`'s locale; scalar order when `nil`.
  ///   - count: How many other entries the list has.
  ///   - otherAt: The entry at a 0-based offset among the others (`entry` left out).
  /// - Returns: A remove and an insert of `entry`, or no edit.
  /// - Throws: What `otherAt` throws.
  /// - Complexity: O(log n) key computations and calls of `otherAt`.
  public static func resorting<Failure: Error>(
    _ entry: Entry, predecessor: UUID?, keepSorted order: EntryOrder?,
    collationProvider: ((String) -> any Collating)?, count: Int,
    otherAt: (Int) throws(Failure) -> Entry
  ) throws(Failure) -> [ListEdit] {
    guard let order else { return [] }
    let place = try sortedOffset(
      of: entry.text, by: order, collationProvider: collationProvider, count: count
    ) { offset throws(Failure) in try otherAt(offset).text }
    let after = place > 0 ? try otherAt(place - 1).id : nil
    guard after != predecessor else { return [] }
    return [
      .remove(entry, offset: 0, after: predecessor), .insert(entry, offset: place, after: after),
    ]
  }

  /// ``sortedOffset(of:by:collationProvider:count:textAt:)`` with the collation made.
  static func sortedOffset<Failure: Error>(
    of text: String, by order: EntryOrder, collation: any Collating, count: Int,
    textAt: (Int) throws(Failure) -> String
  ) throws(Failure) -> Int {
    let key = collation.sortKey(for: text, in: order)
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      let other = collation.sortKey(for: try textAt(middle), in: order)
      let goesBefore = order.descending ? other < key : key < other
      if goesBefore { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
