public import Foundation

extension RosterList {
  /// Whether `text` names the same thing as an entry already in the list, comparing case-, width-
  /// and accent-insensitively after the rule's normalization, so a front end can warn.
  ///
  /// - Parameters:
  ///   - text: The text about to be added or stored.
  ///   - id: An entry to leave out of the comparison (the one being edited).
  /// - Returns: `true` when another entry has the same comparison key.
  /// - Complexity: O(n) the first time (the index is built lazily), then O(m) in the text's
  ///   length.
  public func isDuplicate(_ text: String, excluding id: UUID? = nil) -> Bool {
    let normalized = rule.validate(text).normalized ?? text
    if duplicateIndex == nil {
      var index = DuplicateIndex()
      tree.forEach { _, entry in
        index.add(entry.text)
        return true
      }
      duplicateIndex = index
    }
    var count = duplicateIndex!.count(of: normalized)
    if let id, let own = tree.entry(id: id),
      DuplicateIndex.key(own.text) == DuplicateIndex.key(normalized)
    {
      count -= 1
    }
    return count > 0
  }

  /// The entries whose text contains `query` (case- and accent-insensitively) and that carry
  /// `category`, with their offsets, read lazily from the list without copying it.
  ///
  /// ```swift
  /// for (offset, entry) in list.search("zoe", category: "Staff") { … }
  /// ```
  /// - Parameters:
  ///   - query: Text to look for; empty matches every entry.
  ///   - category: Only entries with this category, or any when `nil`.
  /// - Returns: A lazy sequence of `(offset, entry)` pairs in list order.
  /// - Complexity: O(n · m) to iterate all matches.
  public func search(_ query: String, category: String? = nil) -> SearchResults {
    access(keyPath: \.revision)
    return SearchResults(tree: tree, query: query, category: category)
  }
}

/// The lazily computed matches of ``RosterList/search(_:category:)``.
public struct SearchResults: Sequence {
  let tree: EntryTree
  let matcher: TextMatcher
  let category: String?

  init(tree: EntryTree, query: String, category: String?) {
    self.tree = tree
    self.matcher = TextMatcher(query)
    self.category = category
  }

  /// Iterates the matches in list order.
  public func makeIterator() -> AnyIterator<(offset: Int, entry: Entry)> {
    var iterator = Entries(tree: tree).makeIterator()
    var offset = -1
    return AnyIterator {
      while let entry = iterator.next() {
        offset += 1
        if let category, entry.category != category { continue }
        if matcher.matches(entry.text) { return (offset, entry) }
      }
      return nil
    }
  }
}
