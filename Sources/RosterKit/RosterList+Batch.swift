extension RosterList {
  /// Adds entries prepared elsewhere (a paste, an import: ids, times and categories of their
  /// own, texts already checked by the rule) as one action, one undo step: first the
  /// `categoryEdits` that create their categories, then each entry at the end in order, or at
  /// its sorted place when the list keeps itself sorted (ties after the entries already there,
  /// so that equal texts keep the order given).
  /// - Parameters:
  ///   - entries: The entries, with ids new to the list.
  ///   - categoryEdits: `.categories` edits to apply first; an edit already applied is skipped.
  /// - Returns: The change as applied.
  /// - Complexity: O(k log n) for k entries; O(k log² n) in a list kept sorted.
  @discardableResult
  public func append(prepared entries: [Entry], after categoryEdits: [ListEdit] = []) -> ListChange
  {
    act { edits in
      perform(categoryEdits, into: &edits)
      for entry in entries where !tree.contains(entry.id) {
        let place = keepSorted.map { sortedPlace(of: entry.text, by: $0) } ?? tree.count
        edits.append(insert(entry, exactlyAt: place))
      }
    }
  }
}
