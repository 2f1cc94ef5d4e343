public import Foundation
public import RosterKit

/// A storage engine over RosterBackend's shared SQL layer (SQLite's `SQLiteStore`,
/// PostgreSQL's `PostgresStore`).
///
/// Every ``RosterStorage`` and ``CommandStorage`` method whose behaviour is the shared layer's
/// (``EntryRowStore``, ``EntryHistoryStore``, ``EntryCommandStore``) is implemented here once,
/// with its documentation; an engine conforms by handing out its rows (``sqlRows``) and writes
/// only what is its own: its SQL, its transactions, its capabilities.
///
/// ```swift
/// let store: any SQLStorage = try SQLiteStore(path: path)
/// try store.add(["Anna Lindqvist"], category: nil, to: list.id)   // this extension's
/// ```
public protocol SQLStorage: CommandStorage {
  /// The engine's rows, for the implementations in RosterBackend; front ends have no use for
  /// it.
  var sqlRows: SQLRows { get }
}

/// An engine's rows as RosterBackend's shared SQL layer sees them: opaque outside the package.
public struct SQLRows {
  /// The engine, through its row primitives, attendance's included.
  package let store: any AttendanceRowStore

  /// The rows of `store`. An engine hands itself over whole, so that nothing needs a dynamic
  /// cast to find its attendance rows (a cast that a statically linked program may fail,
  /// when the linker left out the object file holding the conformance).
  package init(_ store: any AttendanceRowStore) {
    self.store = store
  }

  /// The engine's attendance rows.
  package var attendance: any AttendanceRowStore { store }
}

// MARK: Lists

extension SQLStorage {
  /// Creates a list, its title normalized by ``RosterKit/RosterList/normalizedTitle(_:)``.
  /// - Throws: ``StoreError/roster(_:)`` with ``RosterKit/RosterError/invalidTitle(_:)``, or
  ///   ``StoreError/listExists(_:)`` when another list has the title.
  /// - Complexity: O(log l) in the number of lists.
  public func createList(title: String, rule: Rule) throws(StoreError) -> ListSummary {
    try sqlRows.store.performCreateList(title: title, rule: rule, team: nil)
  }

  /// Creates a list belonging to `team` (a role the user is a member of), or to the user alone
  /// when `nil`.
  /// - Throws: As ``createList(title:rule:)``, or the engine's refusal of the team.
  /// - Complexity: O(log l) in the number of lists.
  public func createList(title: String, rule: Rule, team: String?) throws(StoreError)
    -> ListSummary
  {
    try sqlRows.store.performCreateList(title: title, rule: rule, team: team)
  }

  /// Renames a list, as one undoable action (by ``RosterKit/RosterList/retitling(_:to:)``).
  /// - Throws: ``StoreError/listExists(_:)``, ``StoreError/listNotFound(_:)``, or
  ///   ``StoreError/roster(_:)`` with ``RosterKit/RosterError/invalidTitle(_:)``.
  public func renameList(_ id: UUID, to title: String) throws(StoreError) {
    try sqlRows.store.performRenameList(id, to: title)
  }

  /// Loads a list with all its entries, ready to edit.
  /// - Complexity: O(n).
  public func loadList(_ id: UUID) throws(StoreError) -> RosterList {
    try snapshot(of: id).list
  }

  /// Loads a list with all its entries and the change-log position it reflects, read as one
  /// snapshot: the position to pass to ``changes(in:since:)`` first.
  /// - Complexity: O(n).
  public func snapshot(of id: UUID) throws(StoreError) -> (list: RosterList, position: Int64) {
    try sqlRows.store.performSnapshot(of: id)
  }

  /// The list's categories, in order, without loading its entries.
  public func categories(in id: UUID) throws(StoreError) -> [EntryCategory] {
    try sqlRows.store.performCategories(in: id)
  }
}

// MARK: Recording and history

extension SQLStorage {
  /// Stores one front-end change in one transaction and remembers it for undo, in the store:
  /// an action becomes an undo step (or joins this connection's top step when
  /// ``RosterKit/ListChange/joinsPreviousStep``), a front end's own undo and redo move its
  /// newest step between the stacks, and an external change is not stored again.
  /// - Returns: The change-log position after the change (on PostgreSQL, the list's sequence
  ///   number).
  /// - Complexity: O(k log n) for k edits.
  @discardableResult
  public func record(_ change: ListChange, in list: UUID) throws(StoreError) -> Int64 {
    try sqlRows.store.performRecord(change, in: list)
  }

  /// Edits other writers made to a list after change-log position `since`, and the position to
  /// ask from next time; applied to a list that was in step at `since`, they leave it equal to
  /// the stored list.
  /// - Throws: ``StoreError/reloadRequired`` when the log no longer reaches back to `since`.
  public func changes(in list: UUID, since: Int64) throws(StoreError) -> (
    edits: [ListEdit], position: Int64
  ) {
    try sqlRows.store.performChanges(in: list, since: since)
  }

  /// Every action on the list after change-log position `since`, whoever made it, each whole,
  /// in position order.
  /// - Throws: ``StoreError/reloadRequired`` when the log no longer reaches back to `since` or
  ///   holds an action too large to log.
  /// - Complexity: O(log n + k) for k actions.
  public func loggedChanges(in list: UUID, since: Int64) throws(StoreError) -> [LoggedChange] {
    try sqlRows.store.performLoggedChanges(in: list, since: since)
  }

  /// Undoes the last action on a list in the store's history, by identity: edits to entries
  /// deleted since are skipped. On SQLite the history is the file's, whichever process made
  /// the action; on PostgreSQL it is the current role's, and a colleague's action is never
  /// undone.
  /// - Returns: The edits as applied, or `nil` when there is nothing to undo.
  /// - Complexity: O(k log n) for a step of k edits.
  public func undo(in list: UUID) throws(StoreError) -> [ListEdit]? {
    try sqlRows.store.performUndo(in: list)
  }

  /// Redoes the last undone action on a list (on PostgreSQL, the current role's).
  /// - Returns: The edits as applied, or `nil` when there is nothing to redo.
  /// - Complexity: O(k log n) for a step of k edits.
  public func redo(in list: UUID) throws(StoreError) -> [ListEdit]? {
    try sqlRows.store.performRedo(in: list)
  }
}

// MARK: The command line's actions

extension SQLStorage {
  /// Validates `texts` with the list's rule and adds them, as one action: at the end, or each
  /// at its sorted place when the list keeps itself sorted (by ``collationProvider``), by
  /// RosterKit's rules.
  ///
  /// ```swift
  /// let added = try store.add(["Anna", "Łukasz"], category: "Family", to: list.id)
  /// ```
  /// - Throws: ``StoreError/refused(_:_:)`` for the first refused text; nothing is added.
  /// - Complexity: O(k log n) for k texts.
  @discardableResult
  public func add(_ texts: [String], category: String? = nil, to list: UUID)
    throws(StoreError) -> [Entry]
  {
    try sqlRows.store.performAdd(texts, category: category, to: list)
  }

  /// The entry a person named.
  /// - Throws: ``StoreError/entryNotFound(_:)`` or ``StoreError/ambiguousEntry(_:matches:)``.
  /// - Complexity: O(log n) by id or prefix; O(p) for position p.
  public func entry(_ reference: EntryReference, in list: UUID) throws(StoreError) -> Entry {
    try sqlRows.store.lookUpEntry(reference, in: list)
  }

  /// Replaces an entry's text, validated by the list's rule; in a list kept sorted the entry
  /// moves to its new place in the same action.
  /// - Returns: The entry before and after.
  /// - Complexity: O(log n), plus O(p) for a position.
  public func updateText(of reference: EntryReference, to text: String, in list: UUID)
    throws(StoreError) -> (old: Entry, new: Entry)
  {
    try sqlRows.store.performUpdateText(of: reference, to: text, in: list)
  }

  /// Removes the entries named, as one action. Positions refer to the list before the removal.
  /// - Returns: The removed entries.
  /// - Complexity: O(k log n) for k references, plus O(p) per position.
  public func remove(_ references: [EntryReference], from list: UUID) throws(StoreError)
    -> [Entry]
  {
    try sqlRows.store.performRemove(references, from: list)
  }

  /// Moves an entry so that it ends up at 1-based `position`.
  /// - Throws: ``StoreError/positionOutOfRange(_:count:)`` when `position` is past the end, or
  ///   ``StoreError/roster(_:)`` with ``RosterKit/RosterError/keptSorted(_:_:)`` when the list
  ///   keeps itself sorted.
  /// - Complexity: O(log n + p).
  @discardableResult
  public func move(_ reference: EntryReference, toPosition position: Int, in list: UUID)
    throws(StoreError) -> Entry
  {
    try sqlRows.store.performMove(reference, toPosition: position, in: list)
  }

  /// The list's categories with how many entries carry each.
  /// - Complexity: O(n).
  public func categoryUsage(in list: UUID) throws(StoreError) -> [(
    category: EntryCategory, count: Int
  )] {
    try sqlRows.store.performCategoryUsage(in: list)
  }

  /// Sets a category's badge colour, by ``RosterKit/CategoryRules/settingColor(_:of:)``.
  /// - Throws: ``StoreError/roster(_:)`` with ``RosterKit/RosterError/categoryNotFound(_:)``.
  public func setColor(_ color: CategoryColor, ofCategory name: String, in list: UUID)
    throws(StoreError)
  {
    try sqlRows.store.performSetColor(color, ofCategory: name, in: list)
  }

  /// Renames a category and every entry that carries it, as one action. The colour stays.
  /// - Complexity: O(n).
  public func renameCategory(_ name: String, to newName: String, in list: UUID)
    throws(StoreError)
  {
    try sqlRows.store.performRenameCategory(name, to: newName, in: list)
  }
}
