import Foundation

extension RosterList {
  /// Adds a category.
  /// - Parameters:
  ///   - name: A unique name.
  ///   - color: The badge colour; by default the palette colour for the name.
  /// - Returns: The new category.
  /// - Throws: ``RosterError/categoryExists(_:)`` or ``RosterError/invalidCategoryName(_:)``.
  /// - Complexity: O(c) in the number of categories.
  @discardableResult
  public func addCategory(_ name: String, color: CategoryColor? = nil) throws(RosterError)
    -> EntryCategory
  {
    guard let normalized = try categoryName(name) else {
      throw .invalidCategoryName(Rule.text.validate(name).refusal!)
    }
    guard category(named: normalized) == nil else { throw .categoryExists(normalized) }
    let category = EntryCategory(name: normalized, color: color)
    act { edits in
      let new = categories + [category]
      if let done = perform(.categories(old: categories, new: new)) { edits.append(done) }
    }
    return category
  }

  /// Sets a category's badge colour.
  /// - Throws: ``RosterError/categoryNotFound(_:)``.
  /// - Complexity: O(c).
  public func setColor(_ color: CategoryColor, ofCategory name: String) throws(RosterError) {
    guard let index = categories.firstIndex(where: { $0.name == name }) else {
      throw .categoryNotFound(name)
    }
    guard categories[index].color != color else { return }
    var new = categories
    new[index].color = color
    act { edits in
      if let done = perform(.categories(old: categories, new: new)) { edits.append(done) }
    }
  }

  /// Renames a category and every entry that uses it, as one undo step. The colour stays.
  /// - Throws: ``RosterError/categoryNotFound(_:)``, ``RosterError/categoryExists(_:)`` or
  ///   ``RosterError/invalidCategoryName(_:)``.
  /// - Complexity: O(n) — every entry is checked.
  public func renameCategory(_ name: String, to newName: String) throws(RosterError) {
    guard let index = categories.firstIndex(where: { $0.name == name }) else {
      throw .categoryNotFound(name)
    }
    guard let normalized = try categoryName(newName) else {
      throw .invalidCategoryName(Rule.text.validate(newName).refusal!)
    }
    guard normalized != name else { return }
    guard category(named: normalized) == nil else { throw .categoryExists(normalized) }
    var new = categories
    new[index].name = normalized
    var users: [Entry] = []
    tree.forEach { _, entry in
      if entry.category == name { users.append(entry) }
      return true
    }
    let stamp = now()
    act { edits in
      if let done = perform(.categories(old: categories, new: new)) { edits.append(done) }
      for old in users {
        var entry = old
        entry.category = normalized
        entry.updated = stamp
        if let done = perform(.update(old: old, new: entry)) { edits.append(done) }
      }
    }
  }

  /// Removes a category; entries that carried it keep no category. One undo step.
  /// - Throws: ``RosterError/categoryNotFound(_:)``.
  /// - Complexity: O(n).
  public func removeCategory(_ name: String) throws(RosterError) {
    guard categories.contains(where: { $0.name == name }) else { throw .categoryNotFound(name) }
    var users: [Entry] = []
    tree.forEach { _, entry in
      if entry.category == name { users.append(entry) }
      return true
    }
    let stamp = now()
    act { edits in
      for old in users {
        var entry = old
        entry.category = nil
        entry.updated = stamp
        if let done = perform(.update(old: old, new: entry)) { edits.append(done) }
      }
      let new = categories.filter { $0.name != name }
      if let done = perform(.categories(old: categories, new: new)) { edits.append(done) }
    }
  }
}
