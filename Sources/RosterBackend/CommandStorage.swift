public import Foundation
public import RosterKit

/// A storage that runs the command line's single-entry actions itself, each one transaction
/// that does not load the list: what `roster` needs from an engine beyond ``RosterStorage``.
/// `SQLiteStore` and `PostgresStore` conform.
///
/// ```swift
/// let store: any CommandStorage = try StorageOpener.open(location)
/// let list = try store.list(titled: "Guests")!
/// try store.add(["Anna Lindqvist"], category: nil, to: list.id)
/// ```
public protocol CommandStorage: RosterStorage {
  /// What ``beginImport(into:)`` hands out.
  associatedtype Batch: ImportSession

  /// Makes the collation of a locale (RosterCollation's `Collator.provider`), by which
  /// ``add(_:category:to:)`` and ``updateText(of:to:in:)`` place entries in a list that keeps
  /// itself sorted, as ``RosterKit/RosterList/collationProvider`` does for a loaded list;
  /// Unicode scalar order when `nil`.
  var collationProvider: ((String) -> any Collating)? { get set }

  /// The list titled `title`, or `nil` (also for a list the user may not see).
  /// - Complexity: O(log l).
  func list(titled title: String) throws(StoreError) -> ListSummary?
  /// Creates a list belonging to `team` (a PostgreSQL role), or private to the user when
  /// `nil`.
  /// - Throws: As ``RosterStorage/createList(title:rule:)``; a team on an engine without
  ///   teams is refused (``StoreError/teamsUnsupported``).
  func createList(title: String, rule: Rule, team: String?) throws(StoreError) -> ListSummary
  /// Validates `texts` with the list's rule and adds them, as one action: at the end, or in a
  /// list kept sorted each at its sorted place (by ``collationProvider``).
  /// - Complexity: O(k log n) for k texts.
  @discardableResult
  func add(_ texts: [String], category: String?, to list: UUID) throws(StoreError) -> [Entry]
  /// The entry a person named.
  /// - Complexity: O(log n) by id or prefix; O(p) for position p.
  func entry(_ reference: EntryReference, in list: UUID) throws(StoreError) -> Entry
  /// Replaces an entry's text, validated by the list's rule: the entry before and after. In a
  /// list kept sorted the entry moves to its new place in the same action.
  /// - Complexity: O(log n), plus O(p) for a position.
  func updateText(of reference: EntryReference, to text: String, in list: UUID)
    throws(StoreError) -> (old: Entry, new: Entry)
  /// Removes the entries named, as one action: the removed entries.
  /// - Complexity: O(k log n) for k references, plus O(p) per position.
  func remove(_ references: [EntryReference], from list: UUID) throws(StoreError) -> [Entry]
  /// Moves an entry so that it ends up at 1-based `position`.
  /// - Complexity: O(log n + p).
  @discardableResult
  func move(_ reference: EntryReference, toPosition position: Int, in list: UUID)
    throws(StoreError) -> Entry
  /// The list's categories with how many entries carry each.
  /// - Complexity: O(n).
  func categoryUsage(in list: UUID) throws(StoreError) -> [(category: EntryCategory, count: Int)]
  /// Sets a category's badge colour.
  func setColor(_ color: CategoryColor, ofCategory name: String, in list: UUID)
    throws(StoreError)
  /// Renames a category and every entry that carries it, as one action.
  /// - Complexity: O(n).
  func renameCategory(_ name: String, to newName: String, in list: UUID) throws(StoreError)
  /// Calls `body` with every entry of the list, in order, without loading the list.
  /// - Complexity: O(n).
  func forEachEntry(in id: UUID, _ body: (Entry) -> Void) throws(StoreError)
  /// Starts a bulk import into a list: one transaction until the batch is committed or
  /// cancelled.
  func beginImport(into list: UUID) throws(StoreError) -> Batch
}

/// A bulk import into one list, committed all at once or not at all.
public protocol ImportSession: AnyObject {
  /// How many entries were added so far.
  var count: Int { get }
  /// Validates and appends one entry; a refused row is skipped and the batch goes on.
  /// - Complexity: O(log n) or better.
  @discardableResult
  func add(text: String, category: String?, id: UUID?, created: Date?, updated: Date?)
    throws(StoreError) -> Entry
  /// Adds a category with its colour, or sets the colour of the one with this name.
  func addCategory(_ category: EntryCategory) throws(StoreError)
  /// Stores everything added, as one action.
  func commit() throws(StoreError)
  /// Discards everything added.
  func cancel()
  /// Says, before the first row, how many rows at most are coming. A large import may then
  /// draw its fresh ids ahead, in increasing order, so that its id index grows at its end.
  /// - Complexity: O(k log k) for k rows, or nothing.
  func expectRows(atMost count: Int)
}

extension ImportSession {
  /// Ignores the hint: an engine that gains nothing from it.
  public func expectRows(atMost count: Int) {}
}
