import Foundation

/// Categories, by ``CategoryRules``: each method applies the edits a rule produces, as one action.
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
    let (category, edits) = try CategoryRules(categories).adding(name, color: color)
    perform(action: edits)
    return category
  }

  /// Sets a category's badge colour.
  /// - Throws: ``RosterError/categoryNotFound(_:)``.
  /// - Complexity: O(c).
  public func setColor(_ color: CategoryColor, ofCategory name: String) throws(RosterError) {
    let edits = try CategoryRules(categories).settingColor(color, of: name)
    perform(action: edits)
  }

  /// Renames a category and every entry that uses it, as one undo step. The colour stays.
  /// - Throws: ``RosterError/categoryNotFound(_:)``, ``RosterError/categoryExists(_:)`` or
  ///   ``RosterError/invalidCategoryName(_:)``.
  /// - Complexity: O(n) — every entry is checked.
  public func renameCategory(_ name: String, to newName: String) throws(RosterError) {
    let edits = try CategoryRules(categories).renaming(
      name, to: newName, carriers: carriers(of: name), at: now())
    perform(action: edits)
  }

  /// Removes a category; entries that carried it keep no category. One undo step.
  /// - Throws: ``RosterError/categoryNotFound(_:)``.
  /// - Complexity: O(n).
  public func removeCategory(_ name: String) throws(RosterError) {
    let edits = try CategoryRules(categories).removing(
      name, carriers: carriers(of: name), at: now())
    perform(action: edits)
  }

  /// The entries whose category is `name`, in list order. O(n).
  private func carriers(of name: String) -> [Entry] {
    guard category(named: name) != nil else { return [] }
    var carriers: [Entry] = []
    tree.forEach { _, entry in
      if entry.category == name { carriers.append(entry) }
      return true
    }
    return carriers
  }
}
