import Foundation
public import RosterKit

/// A ``RosterError`` in the user's language; in the C locale exactly its English
/// ``RosterError/description``. A regular expression engine's own detail stays as it is.
public enum RosterErrorWording {
  /// The one line that tells a person what went wrong.
  /// - Complexity: O(1), plus the length of the texts it quotes.
  public static func sentence(for error: RosterError) -> String {
    switch error {
    case .refused(let refusal): RefusalWording.sentence(for: refusal)
    case .invalidPattern(let pattern, let detail):
      localized("The pattern %1$@ is not a valid regular expression: %2$@", pattern, detail)
    case .entryNotFound(let id):
      localized("No entry has the id %@.", id.uuidString.lowercased())
    case .offsetOutOfRange(let offset, let count):
      localized("Position %1$@ is outside the list, which has %2$@ entries.", offset, count)
    case .categoryNotFound(let name): localized("There is no category named “%@”.", name)
    case .categoryExists(let name): localized("A category named “%@” already exists.", name)
    case .invalidCategoryName(let refusal):
      localized("Category name: %@", RefusalWording.sentence(for: refusal))
    case .invalidTitle(let refusal):
      localized("List title: %@", RefusalWording.sentence(for: refusal))
    case .keptSorted(let title, let order):
      localized(
        "“%1$@” keeps itself sorted %2$@: turn keep-sorted off to move entries by hand.", title,
        EntryOrderWording.name(of: order))
    }
  }
}
