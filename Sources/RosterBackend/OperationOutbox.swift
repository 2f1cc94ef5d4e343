public import Foundation

/// Actions waiting to be sent to a shared store, in the order they were made, kept where a
/// restart finds them (`SQLiteOutbox` in RosterStore keeps them in a SQLite file).
///
/// An action leaves the outbox only after the store recorded it or refused it for good, so an
/// action is sent at least once; its operation id makes the store apply it at most once.
public protocol OperationOutbox: AnyObject {
  /// Adds an action at the end. O(1).
  /// - Returns: Its place in the outbox: greater than every place handed out before.
  @discardableResult
  func append(_ operation: PendingOperation) throws(StoreError) -> Int64
  /// The oldest action, or `nil` when the outbox is empty. O(1).
  func first() throws(StoreError) -> PendingOperation?
  /// How many actions wait. O(n) at worst.
  func count() throws(StoreError) -> Int
  /// The actions waiting for one list, oldest first, for a reader to show them on top of
  /// what the server has. O(n) in the outbox.
  func waiting(in list: UUID) throws(StoreError) -> [PendingOperation]
  /// Removes the action with this operation id (sent, or refused and reported). O(1).
  func remove(_ id: UUID) throws(StoreError)
}
