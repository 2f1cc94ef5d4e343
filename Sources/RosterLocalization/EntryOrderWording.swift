public import RosterKit

/// An ``EntryOrder`` in the user's language, as menus and messages name it; in the C locale
/// exactly its English ``EntryOrder/description``: `A–Z by last word (de_DE)`.
public enum EntryOrderWording {
  /// The order's name: direction, field and collation locale.
  /// - Complexity: O(1), plus the locale's length.
  public static func name(of order: EntryOrder) -> String {
    let locale = order.locale.isEmpty ? localized("root collation") : order.locale
    switch (order.field, order.descending) {
    case (.text, false): return localized("A–Z (%@)", locale)
    case (.text, true): return localized("Z–A (%@)", locale)
    case (.lastWord, false): return localized("A–Z by last word (%@)", locale)
    case (.lastWord, true): return localized("Z–A by last word (%@)", locale)
    }
  }
}
