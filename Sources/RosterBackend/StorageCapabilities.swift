/// What a ``RosterStorage`` backend can do beyond keeping lists, declared by the backend so that
/// front ends and the storage contract tests know which behaviour to expect.
///
/// ```swift
/// if storage.capabilities.sharedHistory {
///   let edits = try storage.undo(in: list.id)   // whichever window made the last action
/// } else {
///   list.undo()                                 // the list's own history
/// }
/// ```
public struct StorageCapabilities: Hashable, Sendable {
  /// Whether several instances (processes, connections) can open the same lists and follow
  /// each other: ``RosterStorage/changes(in:since:)`` and
  /// ``RosterStorage/hasExternalChanges()`` report what the others wrote. Without it, the one
  /// instance is the only writer, and both report nothing.
  public var sharedAccess: Bool
  /// Whether undo and redo live in the store, shared by every instance:
  /// ``RosterStorage/undo(in:)`` and ``RosterStorage/redo(in:)`` undo whichever instance made
  /// the last action. Without it, both return `nil` and a list's own undo is the only one.
  public var sharedHistory: Bool
  /// How many changes per list ``RosterStorage/changes(in:since:)`` reaches back before it
  /// throws ``StoreError/reloadRequired``; `nil` when the storage keeps no change log.
  public var changeLogLimit: Int?

  /// Declares a backend's capabilities.
  /// - Parameters:
  ///   - sharedAccess: Whether several instances follow each other's changes.
  ///   - sharedHistory: Whether undo and redo live in the store.
  ///   - changeLogLimit: How many changes per list the change log keeps, if there is one.
  public init(sharedAccess: Bool, sharedHistory: Bool, changeLogLimit: Int?) {
    precondition(changeLogLimit.map { $0 > 0 } ?? true, "A change log keeps at least one change.")
    self.sharedAccess = sharedAccess
    self.sharedHistory = sharedHistory
    self.changeLogLimit = changeLogLimit
  }

  /// One instance, one writer: no change log and no history in the store, as a store whose
  /// lists are the loaded ones has.
  public static let local = StorageCapabilities(
    sharedAccess: false, sharedHistory: false, changeLogLimit: nil)
}
