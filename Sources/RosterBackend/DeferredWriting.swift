import Foundation

/// A ``RosterStorage`` that stores each recorded action later, in order, on a thread of its
/// own, so that the window that made the action never waits on the disk or the network.
///
/// ``RosterStorage/record(_:in:)`` returns at once; an action the store then refuses comes
/// back from ``takeRefused()``, and the window takes it back. ``onSettled`` tells the window
/// when to look.
public protocol DeferredWriting: AnyObject {
  /// How many recorded actions are not stored yet. O(1).
  var pendingWrites: Int { get }
  /// Called on the writing thread after an action was refused, and whenever the last waiting
  /// action was stored: the window then calls ``takeRefused()`` on its own thread.
  var onSettled: (@Sendable () -> Void)? { get set }
  /// The actions refused since the last call, in the order they were made.
  func takeRefused() -> [RefusedAction]
  /// Waits until every recorded action is stored or refused, or until `timeout` has passed.
  /// - Returns: Whether nothing waits any more.
  func finishWrites(timeout: Duration) -> Bool
}
