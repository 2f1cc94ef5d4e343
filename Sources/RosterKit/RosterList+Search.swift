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
  /// The list keeps every text folded, leaf by leaf in contiguous bytes, so a search reads
  /// about as many bytes as the texts hold and folds nothing but the query.
  /// - Parameters:
  ///   - query: Text to look for; empty matches every entry.
  ///   - category: Only entries with this category, or any when `nil`.
  /// - Returns: A lazy sequence of `(offset, entry)` pairs in list order; its
  ///   ``SearchResults/ids`` and ``SearchResults/offsets`` give the matches without copying
  ///   their entries.
  /// - Complexity: O(b) to iterate all matches, for the b bytes of folded text (O(b · q) in the
  ///   worst case, for a query of q bytes).
  public func search(_ query: String, category: String? = nil) -> SearchResults {
    access(keyPath: Self.revisionKey)
    return SearchResults(tree: tree, query: query, category: category)
  }
}
