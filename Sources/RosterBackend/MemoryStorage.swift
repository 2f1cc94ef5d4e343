public import Foundation
public import RosterKit

/// Lists kept in memory for as long as the process runs: the reference backend, the app's
/// stand-in for the database, and the store the controller tests use.
///
/// ```swift
/// let storage = MemoryStorage()
/// let guests = try storage.createList(title: "Guests", rule: .personalName)
/// let list = try storage.loadList(guests.id)                 // a copy, as from a database
/// list.addObserver { change in try? storage.record(change, in: list.id) }
/// try list.append("Anna Lindqvist")                          // stored
/// let other = MemoryStorage(database: storage.database)      // another connection
/// _ = try other.undo(in: guests.id)                          // undoes the append
/// ```
///
/// It behaves as the SQL engines do, simply enough to be the reference the contract tests
/// compare them with: ``loadList(_:)`` hands out a copy, ``record(_:in:)`` stores a front
/// end's change, and every connection on one ``Database`` shares the lists, the change log
/// (``changes(in:since:)``, ``loggedChanges(in:since:)``) and undo and redo
/// (``undo(in:)``, ``redo(in:)``), each connection under its own ``writerID``.
///
/// Like a database connection, one connection is used by one thread at a time; connections on
/// one database may be used from different threads.
public final class MemoryStorage: RosterStorage {
  /// The lists this connection shares with every other connection on it.
  public let database: Database
  /// This connection's identity in the change log and the undo history: its own changes are
  /// no news to it, and only its own steps join its typing.
  public let writerID: UUID
  let now: @Sendable () -> Date
  let makeID: (@Sendable () -> UUID)?
  /// This connection's number in ``database``, for counting the others' commits.
  let connection: Int
  /// How many commits of other connections ``hasExternalChanges()`` saw last.
  var seenExternal: Int

  /// Creates a store on a new database holding `lists`, which it takes over: do not edit them
  /// afterwards, but load them with ``loadList(_:)``.
  /// - Parameters:
  ///   - lists: The lists to start with, in order.
  ///   - now: The clock for the lists ``loadList(_:)`` hands out.
  ///   - makeID: Makes ids for new lists and for new entries of loaded lists; by default
  ///     random ones.
  ///   - writerID: This connection's identity in the change log and the undo history.
  /// - Precondition: The lists' ids are distinct.
  /// - Complexity: O(l) in the number of lists.
  public convenience init(
    _ lists: [RosterList] = [],
    now: @escaping @Sendable () -> Date = { Date() },
    makeID: (@Sendable () -> UUID)? = nil,
    writerID: UUID = UUID()
  ) {
    self.init(database: Database(lists), now: now, makeID: makeID, writerID: writerID)
  }

  /// Opens another connection on `database`, as another process opens a database file.
  /// - Parameters:
  ///   - database: The shared lists, as ``database`` of another connection gives them.
  ///   - now: The clock for the lists ``loadList(_:)`` hands out.
  ///   - makeID: Makes ids for new lists and for new entries of loaded lists.
  ///   - writerID: This connection's identity; two connections of one window share one.
  public init(
    database: Database,
    now: @escaping @Sendable () -> Date = { Date() },
    makeID: (@Sendable () -> UUID)? = nil,
    writerID: UUID = UUID()
  ) {
    self.database = database
    self.now = now
    self.makeID = makeID
    self.writerID = writerID
    (connection, seenExternal) = database.connect()
  }

  /// Every connection on the database shares the lists, the change log (the last
  /// ``Database/changeLogLimit`` changes per list) and undo and redo.
  public var capabilities: StorageCapabilities {
    StorageCapabilities(
      sharedAccess: true, sharedHistory: true, changeLogLimit: Database.changeLogLimit)
  }

  /// Every list with its count, in creation order.
  /// - Complexity: O(l) in the number of lists.
  public func lists() throws(StoreError) -> [ListSummary] {
    database.transaction(by: connection) { () -> [ListSummary] in
      database.order.compactMap { id in
        database.lists[id].map { stored in
          let list = stored.contents
          return ListSummary(
            id: id, title: list.title, rule: list.rule, count: list.count,
            keepSorted: list.keepSorted)
        }
      }
    }
  }

  /// Creates an empty list.
  /// - Throws: ``StoreError/listExists(_:)``, or a refusal of the title.
  /// - Complexity: O(l) in the number of lists.
  public func createList(title: String, rule: Rule) throws(StoreError) -> ListSummary {
    let title = try StoreError.wrapping { () throws(RosterError) in
      try RosterList.normalizedTitle(title)
    }
    let list = RosterList(id: makeID?() ?? UUID(), title: title, rule: rule)
    try database.transaction(by: connection) { () throws(StoreError) in
      try database.refuseTaken(title, by: nil)
      database.add(list)
    }
    return ListSummary(id: list.id, title: title, rule: rule, count: 0)
  }

  /// Renames a list, as one undoable action (by ``RosterKit/RosterList/retitling(_:to:)``).
  /// - Throws: ``StoreError/listNotFound(_:)``, ``StoreError/listExists(_:)``, or a refusal of
  ///   the title.
  /// - Complexity: O(l) in the number of lists.
  public func renameList(_ id: UUID, to title: String) throws(StoreError) {
    try database.transaction(by: connection) { () throws(StoreError) in
      let stored = try database.list(id)
      let edits = try StoreError.wrapping { () throws(RosterError) in
        try RosterList.retitling(stored.contents.title, to: title)
      }
      try act(edits, in: stored)
    }
  }

  /// Deletes a list with its entries, change log and history.
  /// - Throws: ``StoreError/listNotFound(_:)``.
  /// - Complexity: O(l) in the number of lists.
  public func deleteList(_ id: UUID) throws(StoreError) {
    try database.transaction(by: connection) { () throws(StoreError) in
      try database.remove(id)
    }
  }

  /// A copy of the list, ready to edit; record its changes with ``record(_:in:)``.
  /// - Throws: ``StoreError/listNotFound(_:)``.
  /// - Complexity: O(n).
  public func loadList(_ id: UUID) throws(StoreError) -> RosterList {
    try snapshot(of: id).list
  }

  /// A copy of the list and the change-log position it reflects, read together.
  /// - Throws: ``StoreError/listNotFound(_:)``.
  /// - Complexity: O(n).
  public func snapshot(of id: UUID) throws(StoreError) -> (list: RosterList, position: Int64) {
    try database.transaction(by: connection) { () throws(StoreError) in
      let stored = try database.list(id)
      let list = stored.contents
      let copy = RosterList(
        id: id, title: list.title, rule: list.rule, categories: list.categories,
        entries: Array(list.entries), keepSorted: list.keepSorted, makeID: makeID, now: now)
      return (copy, stored.position)
    }
  }

  /// The first `limit` entries of the list, in order, without copying the rest.
  /// - Throws: ``StoreError/listNotFound(_:)``.
  /// - Complexity: O(limit + log n).
  public func firstEntries(in id: UUID, limit: Int) throws(StoreError) -> [Entry] {
    try database.transaction(by: connection) { () throws(StoreError) in
      let list = try database.list(id).contents
      return Array(list.entries.prefix(max(limit, 0)))
    }
  }

  /// The list's categories, in order.
  /// - Throws: ``StoreError/listNotFound(_:)``.
  public func categories(in id: UUID) throws(StoreError) -> [EntryCategory] {
    try database.transaction(by: connection) { () throws(StoreError) in
      try database.list(id).contents.categories
    }
  }
}
