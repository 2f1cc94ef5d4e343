public import Foundation
public import RosterKit

/// An action a front end showed at once and handed to a store that writes behind it
/// (``DeferredWriting``), which the store then refused: the window takes it back
/// (``RosterKit/RosterList/takeBack(_:then:)``) and says why.
public struct RefusedAction: Sendable {
  /// The list the action changed.
  public let list: UUID
  /// The action, as the list reported it.
  public let change: ListChange
  /// Why the store refused it.
  public let error: StoreError

  /// A refused action.
  public init(list: UUID, change: ListChange, error: StoreError) {
    self.list = list
    self.change = change
    self.error = error
  }

  /// The text of the entry the action wrote, to name it to a person: the first inserted or
  /// updated entry's new text; `nil` for an action on the list itself or a removal.
  public var entryText: String? {
    for edit in change.edits {
      switch edit {
      case .insert(let entry, _, _): return entry.text
      case .update(_, let new): return new.text
      case .remove, .categories, .title, .keepSorted: continue
      }
    }
    return nil
  }
}
