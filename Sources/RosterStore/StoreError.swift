public import RosterKit

/// Every error the store reports, with one line a person can act on.
public enum StoreError: Error, Sendable, CustomStringConvertible {
  /// A RosterKit refusal (invalid text, unknown entry…).
  case roster(RosterError)
  /// The database could not be opened, read or written.
  case database(String)
  /// No list has this title or id.
  case listNotFound(String)

  /// The message for a person.
  public var description: String {
    switch self {
    case .roster(let error): error.description
    case .database(let message): message
    case .listNotFound(let name): "There is no list named “\(name)”."
    }
  }
}
