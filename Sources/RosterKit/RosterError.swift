public import Foundation

/// Every error RosterKit reports, with a message a person can act on.
public enum RosterError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
  /// The list's rule refused the text.
  case refused(Refusal)
  /// A regular expression given for a pattern rule does not compile.
  case invalidPattern(String, String)
  /// No entry has this id (it was removed, or never existed).
  case entryNotFound(UUID)
  /// An offset outside the list: the view's idea of the list is stale.
  case offsetOutOfRange(Int, count: Int)
  /// No category of this name exists in the list.
  case categoryNotFound(String)
  /// A category of this name already exists in the list.
  case categoryExists(String)
  /// A category name is empty or contains characters not allowed in a line of text.
  case invalidCategoryName(Refusal)
  /// A list title is empty or contains characters not allowed in a line of text.
  case invalidTitle(Refusal)
  /// The list (titled so) keeps itself sorted by this order: entries cannot be moved by hand.
  case keptSorted(String, EntryOrder)

  /// A one-line message for a person.
  public var description: String {
    switch self {
    case .refused(let refusal): refusal.message
    case .invalidPattern(let pattern, let detail):
      "The pattern \(pattern) is not a valid regular expression: \(detail)"
    case .entryNotFound(let id): "No entry has the id \(id.uuidString.lowercased())."
    case .offsetOutOfRange(let offset, let count):
      "Position \(offset) is outside the list, which has \(count) entries."
    case .categoryNotFound(let name): "There is no category named “\(name)”."
    case .categoryExists(let name): "A category named “\(name)” already exists."
    case .invalidCategoryName(let refusal): "Category name: \(refusal.message)"
    case .invalidTitle(let refusal): "List title: \(refusal.message)"
    case .keptSorted(let title, let order):
      "“\(title)” keeps itself sorted \(order): turn keep-sorted off to move entries by hand."
    }
  }

  /// The same as ``description``, for Foundation's error reporting.
  public var errorDescription: String? { description }
}
