public import Foundation

extension RosterList {
  /// Adds an entry at the end.
  ///
  /// ```swift
  /// let entry = try list.append("María José", category: "Staff")
  /// ```
  /// - Parameters:
  ///   - text: The text; the rule validates and normalizes it.
  ///   - category: A category name; created with its palette colour when new.
  /// - Returns: The new entry, with a fresh id.
  /// - Throws: ``RosterError/refused(_:)`` with the rule's reason; nothing changes.
  /// - Complexity: O(log n).
  @discardableResult
  public func append(_ text: String, category: String? = nil) throws(RosterError) -> Entry {
    try insert(text, category: category, at: tree.count)
  }

  /// Adds several entries as one action (one undo step): at the end, in order, or each at its
  /// sorted place when the list keeps itself sorted.
  /// - Returns: The new entries, in the order of `texts`.
  /// - Throws: ``RosterError/refused(_:)`` for the first refused text, or
  ///   ``RosterError/invalidCategoryName(_:)``; nothing changes.
  /// - Complexity: O(k log n) for k texts; O(k log² n) in a list kept sorted.
  @discardableResult
  public func append(contentsOf texts: [String], category: String? = nil) throws(RosterError)
    -> [Entry]
  {
    let categoryName = try CategoryRules.normalizedName(category)
    let stamp = now()
    var added: [Entry] = []
    for text in texts {
      added.append(
        try Self.newEntry(
          text, rule: rule, category: categoryName, created: stamp, now: now, makeID: makeID))
    }
    actUnreported { edits in
      perform(CategoryRules(categories).creating(categoryName), into: &edits)
      for entry in added {
        let place = keepSorted.map { sortedPlace(of: entry.text, by: $0) } ?? tree.count
        edits.append(insert(entry, exactlyAt: place))
      }
    }
    return added
  }

  /// Inserts an entry at `offset`, or at its sorted place when the list keeps itself sorted.
  /// - Parameters:
  ///   - text: The text; the rule validates and normalizes it.
  ///   - category: A category name; created with its palette colour when new.
  ///   - offset: Where the new entry goes, `0...count`.
  /// - Returns: The new entry.
  /// - Throws: ``RosterError/refused(_:)`` or ``RosterError/offsetOutOfRange(_:count:)``;
  ///   nothing changes.
  /// - Complexity: O(log n); O(log² n) in a list kept sorted.
  @discardableResult
  public func insert(_ text: String, category: String? = nil, at offset: Int)
    throws(RosterError) -> Entry
  {
    try insert(text, category: category, at: offset, coalescing: false)
  }

  func insert(_ text: String, category: String?, at offset: Int, coalescing: Bool)
    throws(RosterError) -> Entry
  {
    guard offset >= 0, offset <= tree.count else {
      throw .offsetOutOfRange(offset, count: tree.count)
    }
    let categoryName = try CategoryRules.normalizedName(category)
    let entry = try Self.newEntry(
      text, rule: rule, category: categoryName, now: now, makeID: makeID)
    let place = storedKeepSorted.map { sortedPlace(of: entry.text, by: $0) } ?? offset
    var edits = beginAction()
    if categoryName != nil {
      perform(CategoryRules(storedCategories).creating(categoryName), into: &edits)
    }
    edits.append(insert(entry, exactlyAt: place))
    endAction(edits, coalescing: coalescing ? entry.id : nil)
    return entry
  }

  /// Changes an entry's text.
  ///
  /// Consecutive text changes to one entry (typing) coalesce into one undo step, until another
  /// action or ``endTyping()``. In a list kept sorted, the entry also moves to its new place
  /// (in the same step).
  /// - Throws: ``RosterError/refused(_:)`` or ``RosterError/entryNotFound(_:)``.
  /// - Complexity: O(log n); O(log² n) in a list kept sorted.
  @discardableResult
  public func updateText(of id: UUID, to text: String) throws(RosterError) -> Entry {
    // One lookup: the leaf and slot stay valid, as nothing changes the tree before the
    // replacement below.
    guard let (leaf, slot) = tree.find(id) else { throw .entryNotFound(id) }
    let old = tree.entry(atSlot: slot, of: leaf)
    guard let new = try Self.retexted(old, to: text, rule: rule, now: now) else { return old }
    tree.replace(slot: slot, of: leaf, with: new)
    duplicateIndex?.remove(old.text)
    duplicateIndex?.add(new.text)
    var edits = beginAction()
    edits.append(.update(old: consume old, new: new))
    if let order = storedKeepSorted, let from = tree.offset(of: id) {
      let place = sortedPlace(of: new.text, by: order, skipping: from)
      if place != from {
        edits.append(remove(exactlyAt: from))
        edits.append(insert(new, exactlyAt: place))
      }
    }
    endAction(edits, coalescing: id)
    return new
  }

  /// Sets or clears an entry's category, creating the category when it is new.
  /// - Throws: ``RosterError/entryNotFound(_:)``, or
  ///   ``RosterError/invalidCategoryName(_:)`` for an empty or invisible-character name.
  /// - Complexity: O(log n + c) for c categories.
  @discardableResult
  public func setCategory(of id: UUID, to category: String?) throws(RosterError) -> Entry {
    guard var entry = tree.entry(id: id) else { throw .entryNotFound(id) }
    let name = try CategoryRules.normalizedName(category)
    guard name != entry.category else { return entry }
    entry.category = name
    entry.updated = now()
    let new = entry
    actUnreported { edits in
      perform(CategoryRules(categories).creating(name), into: &edits)
      if let old = tree.entry(id: id), let done = perform(.update(old: old, new: new)) {
        edits.append(done)
      }
    }
    return entry
  }

  /// Removes the entry with this id.
  /// - Returns: The removed entry.
  /// - Throws: ``RosterError/entryNotFound(_:)``; nothing changes.
  /// - Complexity: O(log n).
  @discardableResult
  public func remove(id: UUID) throws(RosterError) -> Entry {
    // `remove(ids:)` for one id, without its set and arrays, and without a walk down the tree.
    guard let (leaf, slot) = tree.find(id) else { throw .entryNotFound(id) }
    let offset = tree.offset(ofSlot: slot, in: leaf)
    let (removed, predecessor) = remove(slot: slot, of: leaf, at: offset)
    var edits = beginAction()
    edits.append(.remove(removed, offset: offset, after: predecessor))
    endAction(edits)
    return removed
  }

  /// Removes several entries as one action (one undo step).
  /// - Returns: The removed entries, in list order.
  /// - Throws: ``RosterError/entryNotFound(_:)`` when any id is unknown; nothing changes.
  /// - Complexity: O(k log n) for k ids.
  @discardableResult
  public func remove<IDs: Sequence<UUID>>(ids: IDs) throws(RosterError) -> [Entry] {
    var offsets: [Int] = []
    for id in Set(ids) {
      guard let offset = tree.offset(of: id) else { throw .entryNotFound(id) }
      offsets.append(offset)
    }
    return removeSorted(offsets.sorted())
  }

  /// Removes the entries at `offsets`, as SwiftUI's `onDelete` passes them.
  ///
  /// Offsets outside the list are ignored: they come from a view that is out of date, and
  /// refusing the whole gesture would be worse.
  /// - Returns: The removed entries, in list order.
  /// - Complexity: O(k log n) for k offsets.
  @discardableResult
  public func remove(atOffsets offsets: IndexSet) -> [Entry] {
    removeSorted(offsets.filter { $0 >= 0 && $0 < tree.count })
  }

  /// Removes ascending, distinct offsets, last first so earlier offsets stay valid.
  private func removeSorted(_ offsets: [Int]) -> [Entry] {
    var removed: [Entry] = []
    actUnreported { edits in
      for offset in offsets.reversed() {
        let done = remove(exactlyAt: offset)
        edits.append(done)
        if case .remove(let entry, _, _) = done { removed.append(entry) }
      }
    }
    return removed.reversed()
  }

  /// Moves the entries at `offsets` to just before the entry that was at `destination`, as
  /// SwiftUI's `onMove` passes them (`destination` may be `count`).
  ///
  /// Offsets outside the list are ignored and `destination` is clamped: a stale view never traps.
  /// Nothing moves in a list kept sorted (``moveRefusal`` says why).
  /// - Complexity: O(k log n) for k moved entries.
  public func move(fromOffsets offsets: IndexSet, toOffset destination: Int) {
    guard keepSorted == nil else { return }
    let sources = offsets.filter { $0 >= 0 && $0 < tree.count }
    guard !sources.isEmpty else { return }
    let clamped = min(max(destination, 0), tree.count)
    let target = clamped - sources.count { $0 < clamped }
    // A move that leaves every entry where it was is not an action.
    if sources.first == target, sources.last == target + sources.count - 1,
      sources.count == sources.last! - sources.first! + 1
    {
      return
    }
    actUnreported { edits in
      var moving: [Entry] = []
      for offset in sources.reversed() {
        let done = remove(exactlyAt: offset)
        edits.append(done)
        if case .remove(let entry, _, _) = done { moving.append(entry) }
      }
      for (index, entry) in moving.reversed().enumerated() {
        edits.append(insert(entry, exactlyAt: target + index))
      }
    }
  }

  /// Moves the entry with this id so that it ends up at `offset`.
  /// - Throws: ``RosterError/entryNotFound(_:)``,
  ///   ``RosterError/offsetOutOfRange(_:count:)`` (`offset` must be in `0..<count`), or
  ///   ``RosterError/keptSorted(_:_:)`` in a list kept sorted.
  /// - Complexity: O(log n).
  public func move(id: UUID, toOffset offset: Int) throws(RosterError) {
    if let order = storedKeepSorted { throw .keptSorted(title, order) }
    // The destination leaf's misses overlap the lookup's, instead of coming after them.
    tree.touchLeaf(at: offset)
    guard let (leaf, slot) = tree.find(id) else { throw .entryNotFound(id) }
    let from = tree.offset(ofSlot: slot, in: leaf)
    guard offset >= 0, offset < tree.count else {
      throw .offsetOutOfRange(offset, count: tree.count)
    }
    guard from != offset else { return }
    // `move(fromOffsets:toOffset:)` for one entry, without its index set and arrays: out of
    // `from`, then in at `offset` of the shortened list, as the two edits undo reverses. The
    // texts stay the same, so the duplicate index does too.
    let moved = tree.move(slot: slot, of: leaf, from: from, to: offset)
    var edits = beginAction()
    edits.append(.remove(moved.entry, offset: from, after: moved.formerPredecessor))
    edits.append(.insert(moved.entry, offset: offset, after: moved.predecessor))
    endAction(edits)
  }

  /// Renames the list.
  /// - Throws: ``RosterError/invalidTitle(_:)`` for an empty or invisible-character title.
  public func rename(to newTitle: String) throws(RosterError) {
    perform(action: try Self.retitling(title, to: newTitle))
  }

  /// The title of the list every front end opens when none is named (the CLI without
  /// `--list`, the app's first start), created on first use.
  public static let defaultTitle = "Names"

  /// A list title as lists store it: the text rule's normalization.
  ///
  /// ```swift
  /// try RosterList.normalizedTitle("  Guests ")   // "Guests"
  /// ```
  /// - Throws: ``RosterError/invalidTitle(_:)`` for an empty or invisible-character title.
  /// - Complexity: O(m) in the title's length.
  public static func normalizedTitle(_ title: String) throws(RosterError) -> String {
    switch Rule.text.validate(title) {
    case .valid(let normalized): return normalized
    case .invalid(let refusal): throw .invalidTitle(refusal)
    }
  }

  /// The rule for renaming a list titled `old`: the edit that gives it `newTitle`, normalized.
  /// - Returns: One ``ListEdit/title(old:new:)`` edit, or none when the title stays the same.
  /// - Throws: ``RosterError/invalidTitle(_:)``.
  /// - Complexity: O(m) in the title's length.
  public static func retitling(_ old: String, to newTitle: String) throws(RosterError)
    -> [ListEdit]
  {
    let normalized = try normalizedTitle(newTitle)
    return normalized == old ? [] : [.title(old: old, new: normalized)]
  }

  /// Ends the current typing run, so the next text change starts a new undo step.
  ///
  /// Call it when a text field loses focus or its edit is committed.
  public func endTyping() {
    history.seal()
  }

  // MARK: Helpers

  /// Performs `edits` in order, appending each as applied to `applied`.
  func perform(_ edits: [ListEdit], into applied: inout [ListEdit]) {
    for edit in edits {
      if let done = perform(edit) { applied.append(done) }
    }
  }
}
