import Foundation
public import RosterKit

extension MemoryStorage {
  /// The lists several ``MemoryStorage`` connections share, as processes share a database
  /// file: each list's contents, change log and undo history, behind one lock.
  ///
  /// ```swift
  /// let first = MemoryStorage()
  /// let second = MemoryStorage(database: first.database)   // another writer
  /// ```
  public final class Database: @unchecked Sendable {
    /// How many steps each list's undo stack, and its redo stack, keeps: as the SQL engines.
    public static let undoLimit = 100
    /// How many change-log rows each list keeps for ``MemoryStorage/changes(in:since:)``: as
    /// the SQL engines.
    public static let changeLogLimit = 1_000

    /// Guards everything below, and wakes connections waiting for another's commit.
    private let condition = NSCondition()
    /// The lists by id.
    var lists: [UUID: MemoryList] = [:]
    /// The lists' ids in creation order.
    var order: [UUID] = []
    /// The ids of the operations recorded (``MemoryStorage/record(_:in:operation:)``).
    var operations: Set<UUID> = []
    /// Whether the running transaction changed anything.
    var changed = false
    /// How many transactions changed something, all connections together.
    private var commits = 0
    /// How many of ``commits`` each connection made, by connection number.
    private var commitsBy: [Int: Int] = [:]
    private var connections = 0

    /// A database holding `lists`, taken over as they are.
    /// - Precondition: The lists' ids are distinct.
    /// - Complexity: O(l) in the number of lists.
    public init(_ lists: [RosterList] = []) {
      for list in lists {
        precondition(self.lists[list.id] == nil, "Two lists share an id.")
        add(list)
      }
    }

    /// Registers a new connection: its number, and how many commits it is to count as seen.
    func connect() -> (connection: Int, seen: Int) {
      condition.lock()
      defer { condition.unlock() }
      connections += 1
      return (connections, commits)
    }

    /// Runs `body` as one transaction of connection `connection`: alone on the database, and
    /// counted as a commit when it changed something (it sets ``changed``). `body` must check
    /// everything that can fail before it changes anything, as there is no rollback.
    func transaction<T, Failure: Error>(by connection: Int, _ body: () throws(Failure) -> T)
      throws(Failure) -> T
    {
      condition.lock()
      changed = false
      defer {
        if changed {
          commits += 1
          commitsBy[connection, default: 0] += 1
          condition.broadcast()
        }
        condition.unlock()
      }
      return try body()
    }

    /// How many commits connections other than `connection` made. O(1).
    func externalCommits(for connection: Int) -> Int {
      condition.lock()
      defer { condition.unlock() }
      return commits - commitsBy[connection, default: 0]
    }

    /// Waits until connections other than `connection` made other than `seen` commits, or
    /// until `deadline`, and returns how many they made: woken by each commit, not polling.
    func waitForCommits(
      by connection: Int, otherThan seen: Int, until deadline: Date
    ) -> Int {
      condition.lock()
      defer { condition.unlock() }
      while commits - commitsBy[connection, default: 0] == seen, Date() < deadline {
        _ = condition.wait(until: deadline)
      }
      return commits - commitsBy[connection, default: 0]
    }

    // MARK: Inside a transaction

    /// The list with this id.
    /// - Throws: ``StoreError/listNotFound(_:)``.
    func list(_ id: UUID) throws(StoreError) -> MemoryList {
      guard let list = lists[id] else { throw .listNotFound(UUIDText.string(id)) }
      return list
    }

    /// Adds a list, last.
    func add(_ list: RosterList) {
      lists[list.id] = MemoryList(list)
      order.append(list.id)
      changed = true
    }

    /// Deletes a list with its change log and history.
    /// - Throws: ``StoreError/listNotFound(_:)``.
    /// - Complexity: O(l) in the number of lists.
    func remove(_ id: UUID) throws(StoreError) {
      guard lists.removeValue(forKey: id) != nil else {
        throw .listNotFound(UUIDText.string(id))
      }
      order.removeAll { $0 == id }
      changed = true
    }

    /// Throws ``StoreError/listExists(_:)`` when a list other than `owner` has `title`.
    /// - Complexity: O(l) in the number of lists.
    func refuseTaken(_ title: String, by owner: UUID?) throws(StoreError) {
      for (id, list) in lists where id != owner && list.contents.title == title {
        throw .listExists(title)
      }
    }
  }
}
