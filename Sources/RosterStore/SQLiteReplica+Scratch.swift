public import RosterBackend

/// A throwaway copy of the replica, for `roster --offline-ok`: a command runs on the copy as on
/// any Roster database, and what it logged there goes to the replica's outbox, never into the
/// replica's rows (they hold the server's state only).
extension SQLiteReplica {
  /// Copies the replica, as one consistent read, into a new file at `path` (`VACUUM INTO`) and
  /// opens it. The caller removes the file when done.
  /// - Parameter path: Where the copy goes: a file that does not exist yet, in a private folder.
  /// - Returns: The copy, opened.
  /// - Throws: ``RosterBackend/StoreError/database(_:)`` when it cannot be written or opened.
  /// - Complexity: O(size of the replica).
  public func scratchCopy(at path: String) throws(StoreError) -> SQLiteStore {
    try store.withRetry { () throws(StoreError) in
      try store.database.run("VACUUM INTO ?", .text(path))
    }
    return try SQLiteStore(path: path)
  }
}

extension SQLiteStore {
  /// The newest change-log position of every list together (0 for an empty log): what a
  /// command logs afterwards lies past it. O(log c).
  /// - Throws: ``RosterBackend/StoreError/database(_:)``.
  public func lastLogPosition() throws(StoreError) -> Int64 {
    try read { () throws(StoreError) in
      try database.integer("SELECT coalesce(max(position), 0) FROM changes") ?? 0
    }
  }
}
